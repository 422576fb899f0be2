import { resolveOrganization } from '../../../core/shared/access/authorization.ts';
import type { Principal } from '../../../core/shared/access/principal.ts';

/** The organization a request acts on: the credential's own, or the one a cross-organization caller names. */
export const orgScope = (context: { principal: Principal }, requested: string | undefined): string => resolveOrganization(context.principal, requested);
