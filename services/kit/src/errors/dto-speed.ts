import type { ValidationPipeOptions } from '@nestjs/common';
import { classToPlain, plainToInstance, type ClassConstructor } from 'class-transformer';
import { getMetadataStorage } from 'class-validator';

/**
 * Two costs of checking a payload against its DTO that were a third of a read's CPU in catalog's profile (issue 33),
 * taken away without changing what is checked:
 *
 * - class-validator looks for a class's rules and its ancestors' by testing every decorated class of the process on
 *   every call (typestack/class-validator#2686). A class's rules are all registered when its module loads, before any
 *   payload of it is checked; the answer is kept per class and argument set, and forgotten whenever rules are added.
 * - class-transformer builds the instance property by property. A DTO without any of its decorators (`@Type`,
 *   `@Transform`, `@Expose`, `@Exclude`, on it or an ancestor) comes out as a new instance with the payload's
 *   properties: it is made so directly. Every other value goes through class-transformer as before.
 */
export function cacheValidationMetadata(): void {
  const storage = getMetadataStorage() as ReturnType<typeof getMetadataStorage> & { [cached]?: true };
  if (storage[cached]) return;
  storage[cached] = true;
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let byTarget = new WeakMap<object, Map<string, ReturnType<typeof lookUp>>>();
  storage.addValidationMetadata = (metadata) => {
    byTarget = new WeakMap();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let answers = byTarget.get(target);
    if (!answers) byTarget.set(target, (answers = new Map()));
    let found = answers.get(key);
    if (!found) answers.set(key, (found = lookUp(target, schema, always, strictGroups, groups)));
    // class-validator's callers only read the list; a copy keeps it that way whatever they do.
    return found.slice();
  };
}
const cached = Symbol('mc:cached-validation-metadata');

type TransformerStorage = Record<'_typeMetadatas' | '_transformMetadatas' | '_exposeMetadatas' | '_excludeMetadatas', Map<unknown, unknown>> & {
  getAncestors(target: unknown): unknown[];
};
// class-transformer's one store of its decorators (the package exports it under this path only, without types).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const transformerStorage = (require('class-transformer/cjs/storage') as { defaultMetadataStorage: TransformerStorage }).defaultMetadataStorage;
const plainBuilt = new WeakMap<object, boolean>();

/** Whether class-transformer would only copy a payload's properties onto a new instance of `cls`. */
export function isPlainDto(cls: ClassConstructor<unknown>): boolean {
  let plain = plainBuilt.get(cls);
  if (plain === undefined) {
    const { _typeMetadatas, _transformMetadatas, _exposeMetadatas, _excludeMetadatas } = transformerStorage;
    plain = [cls, ...transformerStorage.getAncestors(cls)].every((c) =>
      !_typeMetadatas.has(c) && !_transformMetadatas.has(c) && !_exposeMetadatas.has(c) && !_excludeMetadatas.has(c));
    plainBuilt.set(cls, plain);
  }
  return plain;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Nest's ValidationPipe's `transformerPackage`: class-transformer, but a plain DTO of a plain object built directly. */
export const dtoTransformer: NonNullable<ValidationPipeOptions['transformerPackage']> = {
  plainToInstance<T>(cls: ClassConstructor<T>, plain: unknown, options?: object): T | T[] {
    // Nest's pipe has taken `__proto__` and `constructor` keys out of the payload before it gets here.
    if (isPlainObject(plain) && isPlainDto(cls)) return Object.assign(new cls() as object, plain) as T;
    return plainToInstance(cls, plain, options);
  },
  classToPlain: (object, options) => classToPlain(object, options),
};
