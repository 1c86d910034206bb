import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type SignedUpUser, type TestApp } from './harness.ts';
import { makePremium } from './teams.ts';

/**
 * A test file's app with one Premium owner (created before its tests, closed after): `send` as the
 * owner, and `recipe` to create one with its allergens declared, answering its id; `app` for the database.
 */
export function usePremiumOwner() {
  let t: TestApp;
  let owner: SignedUpUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signUp();
    await makePremium(t, owner.organisationId);
  });
  afterAll(() => t.close());
  const send = async (method: string, path: string, body?: unknown) =>
    t.request(method, path, { cookie: owner.cookie, ...(body !== undefined ? { body } : {}) });
  async function recipe(name: string, ingredients: unknown[]): Promise<string> {
    const res = await send('POST', '/api/recipes', {
      name,
      servings: 1,
      ingredients,
      allergens: [],
      allergensDeclared: true,
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  }
  return { send, recipe, app: () => t };
}
