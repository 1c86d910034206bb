import { describe, expect, it } from 'vitest';
import { MenuChangeFeed } from './menu-changes.ts';

describe('MenuChangeFeed', () => {
  const setUp = () => {
    const feed = new MenuChangeFeed();
    const heard: string[] = [];
    const offA = feed.subscribe('menu-a', 'org-1', (event) => heard.push(`a:${event}`));
    feed.subscribe('menu-b', 'org-1', (event) => heard.push(`b:${event}`));
    feed.subscribe('menu-c', 'org-2', (event) => heard.push(`c:${event}`));
    return { feed, heard, offA };
  };

  it('tells a menu’s pages of `m:`, its organisation’s of `o:`, and nobody of sessions and users', () => {
    const { feed, heard } = setUp();
    feed.changed('m:menu-a');
    expect(heard.splice(0)).toEqual(['a:change']);
    feed.changed('o:org-1');
    expect(heard.splice(0).sort()).toEqual(['a:change', 'b:change']);
    feed.changed('s:token');
    feed.changed('u:user');
    feed.changed('m:unknown');
    expect(heard).toEqual([]);
  });

  it('tells every page of `*` and of a reconnection, none once unsubscribed, and ends them all on close', () => {
    const { feed, heard, offA } = setUp();
    feed.changed('*');
    expect(heard.splice(0).sort()).toEqual(['a:change', 'b:change', 'c:change']);
    offA();
    feed.everything();
    expect(heard.splice(0).sort()).toEqual(['b:change', 'c:change']);
    expect(feed.size).toBe(2);
    feed.close();
    expect(heard.splice(0).sort()).toEqual(['b:close', 'c:close']);
    expect(feed.size).toBe(0);
    expect(() => feed.subscribe('menu-a', 'org-1', () => {})).toThrow();
  });
});
