import { setupServer } from 'msw/node';
import { defaultHandlers } from '@/testing/handlers';

/** The mock API for component tests (msw intercepts fetch in Node). */
export const server = setupServer(...defaultHandlers);
