/**
 * The zod schema of a role (roles.ts), apart from the roles themselves so that the console's role
 * checks load no zod (issue 28).
 */
import { z } from './zod.ts';
import { ROLES } from './roles.ts';
import { TEAMS_MESSAGES } from './teams-messages.ts';

/** A role of ROLES; anything else fails with TEAMS_MESSAGES.roleInvalid. */
export const roleSchema = z.enum(ROLES, { error: TEAMS_MESSAGES.roleInvalid });
