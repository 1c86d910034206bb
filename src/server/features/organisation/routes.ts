import { Hono } from 'hono';
import {
  activeOrganisationSchema,
  invitationCreateSchema,
  memberUpdateSchema,
  organisationUpdateSchema,
  type AcceptedInvitation,
} from '../../../shared/api/organisations.ts';
import { can, permissionMessages } from '../../../shared/permissions.ts';
import { actorOf, allow, requireUser, useOrganisation } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { readJson } from '../../lib/http.ts';
import { organisationHistory, parseHistoryCursor } from './history.ts';
import { acceptInvitation, createInvitation, previewInvitation, revokeInvitation } from './invitations.ts';
import { changeRole, removeMember, switchOrganisation } from './members.ts';
import { getOrganisationDetails, renameOrganisation } from './organisation.ts';

/**
 * The organisation, its members and invitations, its history, the active organisation and the
 * invitation links (docs/product/organisations.md « Routes »). Mounted under /api.
 */
export function organisationRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);
  const manage = allow('members:manage');
  app.use('/organisation', signedIn);
  app.use('/organisation/*', signedIn);
  app.use('/me/organisation', signedIn);

  app.get('/organisation', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getOrganisationDetails(db, c.var.org));
  });
  app.put('/organisation', manage, async (c) => {
    const { name } = await readJson(c, organisationUpdateSchema);
    return c.json(await renameOrganisation(db, { ...actorOf(c), role: c.var.org.role }, name));
  });
  app.get('/organisation/history', allow('audit:read'), async (c) =>
    c.json(await organisationHistory(db, c.var.org.id, parseHistoryCursor(c.req.query('before')))),
  );

  app.post('/organisation/invitations', manage, async (c) =>
    c.json(await createInvitation(deps, actorOf(c), await readJson(c, invitationCreateSchema)), 201),
  );
  app.delete('/organisation/invitations/:id', manage, async (c) => {
    await revokeInvitation(db, actorOf(c), c.req.param('id'));
    return c.body(null, 204);
  });

  app.patch('/organisation/members/:userId', manage, async (c) => {
    const { role } = await readJson(c, memberUpdateSchema);
    return c.json(await changeRole(db, actorOf(c), c.req.param('userId'), role));
  });
  // An owner removes anyone; any member may remove themself (« Quitter l’organisation »).
  app.delete('/organisation/members/:userId', async (c) => {
    const userId = c.req.param('userId');
    if (userId !== c.var.user.id && !can(c.var.org.role, 'members:manage'))
      throw new AppError('forbidden', 403, permissionMessages.forbidden);
    const next = await removeMember(db, actorOf(c), userId);
    if (next) useOrganisation(c, next);
    return c.body(null, 204);
  });

  app.put('/me/organisation', async (c) => {
    const { organisationId } = await readJson(c, activeOrganisationSchema);
    const organisation = await switchOrganisation(db, c.var.user.id, organisationId);
    useOrganisation(c, organisation);
    return c.json(organisation);
  });

  // The invitation link: its page reads it without an account; accepting needs the invited address.
  app.get('/invitations/:token', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await previewInvitation(db, c.req.param('token')));
  });
  app.post('/invitations/:token/accept', signedIn, async (c) => {
    const { organisationId, ...organisation } = await acceptInvitation(db, c.var.user, c.req.param('token'));
    useOrganisation(c, organisation);
    const body: AcceptedInvitation = { organisationId };
    return c.json(body);
  });
  return app;
}
