// The libraries the app starts with, run in a task of their own (main.tsx).
export { createElement } from 'react';
export { hydrateRoot } from 'react-dom/client';
export { QueryClient } from '@tanstack/react-query';
export { createRouter } from '@tanstack/react-router';
