import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// `make test` runs every project's tests at once on two cores: a list that closes or a route that loads may take
// longer than the library's default second, which is not a failure (a hang still is).
configure({ asyncUtilTimeout: 5000 });

// jsdom has <dialog> without its methods; the browser tests exercise the real ones.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}
