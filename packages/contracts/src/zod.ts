/**
 * zod as the contracts' schemas use it: with the clear default messages of zod-messages.ts
 * installed. Every contract module that builds a schema imports `z` from here (not from 'zod'), so
 * the messages are in place wherever a schema is loaded, without a call at start-up: the web app
 * loads zod only when a page first validates (issue 10: the login page's first load has no zod).
 * zod-messages.ts itself imports 'zod' directly (it is what this module installs).
 */
import { installClearZodMessages } from './zod-messages.ts';

installClearZodMessages();

export { z } from 'zod';
