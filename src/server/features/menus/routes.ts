import { Hono } from 'hono';
import {
  itemCreateSchema,
  itemSoldOutSchema,
  itemUpdateSchema,
  menuCreateSchema,
  menuStatusSchema,
  menuUpdateSchema,
  itemMoveSchema,
  moveSchema,
  sectionCreateSchema,
  sectionUpdateSchema,
} from '../../../shared/api/menus.ts';
import { formuleInputSchema } from '../../../shared/api/formules.ts';
import { actorOf, allow, requireUser } from '../../auth/require-user.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { readJson } from '../../lib/http.ts';
import { readVersioned } from '../../domain/versions.ts';
import * as content from './content.ts';
import * as formules from './formules.ts';
import * as menus from './menus.ts';

/**
 * /api/menus, /api/sections and /api/items (docs/product/api.md « Menus, sections, items »):
 * every member reads the organisation's menus; owners and editors write them.
 */
export function menuRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const write = allow('content:write');
  app.use('/menus/*', requireUser(deps));
  app.use('/menus', requireUser(deps));
  app.use('/sections/*', requireUser(deps));
  app.use('/items/*', requireUser(deps));
  app.use('/formules/*', requireUser(deps));

  app.get('/menus', async (c) => c.json({ menus: await menus.listMenus(db, c.var.org.id) }));
  app.post('/menus', write, async (c) =>
    c.json(await menus.createMenu(db, actorOf(c), await readJson(c, menuCreateSchema)), 201),
  );
  app.get('/menus/:id', async (c) => c.json(await menus.getMenu(db, c.var.org.id, c.req.param('id'))));
  app.put('/menus/:id', write, async (c) => {
    const { input, version } = await readVersioned(c, menuUpdateSchema);
    return c.json(await menus.updateMenu(db, actorOf(c), c.req.param('id'), input, version));
  });
  app.patch('/menus/:id', write, async (c) => {
    const { input, version } = await readVersioned(c, menuStatusSchema);
    return c.json(await menus.setMenuStatus(db, actorOf(c), c.req.param('id'), input.isActive, version));
  });
  app.delete('/menus/:id', write, async (c) => {
    await menus.deleteMenu(db, actorOf(c), c.req.param('id'));
    return c.body(null, 204);
  });

  app.get('/menus/:id/sections', async (c) =>
    c.json({ sections: await content.listOwnedSections(db, c.var.org.id, c.req.param('id')) }),
  );
  app.post('/menus/:id/sections', write, async (c) =>
    c.json(
      await content.createSection(db, c.var.org.id, c.req.param('id'), await readJson(c, sectionCreateSchema)),
      201,
    ),
  );
  app.put('/sections/:id', write, async (c) => {
    const { input, version } = await readVersioned(c, sectionUpdateSchema);
    return c.json(await content.updateSection(db, actorOf(c), c.req.param('id'), input, version));
  });
  app.delete('/sections/:id', write, async (c) => {
    await content.deleteSection(db, c.var.org.id, c.req.param('id'));
    return c.body(null, 204);
  });
  app.post('/sections/:id/move', write, async (c) => {
    const { position } = await readJson(c, moveSchema);
    return c.json({ sections: await content.moveSection(db, c.var.org.id, c.req.param('id'), position) });
  });
  app.post('/sections/:id/items', write, async (c) => {
    return c.json(
      await content.createItem(db, c.var.org.id, c.req.param('id'), await readJson(c, itemCreateSchema)),
      201,
    );
  });
  app.put('/items/:id', write, async (c) => {
    const { input, version } = await readVersioned(c, itemUpdateSchema);
    return c.json(await content.updateItem(db, actorOf(c), c.req.param('id'), input, version));
  });
  // The floor staff's one write (role `service`, src/shared/permissions.ts).
  app.put('/items/:id/sold-out', allow('items:sold-out'), async (c) => {
    const { input, version } = await readVersioned(c, itemSoldOutSchema);
    return c.json(await content.setItemSoldOut(db, actorOf(c), c.req.param('id'), input.soldOut, version));
  });
  app.delete('/items/:id', write, async (c) => {
    await content.deleteItem(db, c.var.org.id, c.req.param('id'));
    return c.body(null, 204);
  });
  app.post('/items/:id/move', write, async (c) => {
    const { position, sectionId } = await readJson(c, itemMoveSchema);
    return c.json({ sections: await content.moveItem(db, c.var.org.id, c.req.param('id'), position, sectionId) });
  });
  // Formules (docs/decisions/0019-public-menu-for-diners.md): priced combinations of the menu's sections.
  app.get('/menus/:id/formules', async (c) =>
    c.json({ formules: await formules.listOwnedFormules(db, c.var.org.id, c.req.param('id')) }),
  );
  app.post('/menus/:id/formules', write, async (c) =>
    c.json(
      await formules.createFormule(db, c.var.org.id, c.req.param('id'), await readJson(c, formuleInputSchema)),
      201,
    ),
  );
  app.put('/formules/:id', write, async (c) => {
    const { input, version } = await readVersioned(c, formuleInputSchema);
    return c.json(await formules.updateFormule(db, actorOf(c), c.req.param('id'), input, version));
  });
  app.delete('/formules/:id', write, async (c) => {
    await formules.deleteFormule(db, c.var.org.id, c.req.param('id'));
    return c.body(null, 204);
  });
  return app;
}
