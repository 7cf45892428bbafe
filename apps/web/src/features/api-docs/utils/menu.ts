/**
 * The docs sidebar's rules (console.md §2 Docs layout, §5): versions sorted by createdAt (the first
 * is the default), groups sorted by title, each with the children of the chosen version sorted by
 * number, narrowed by the search (matchesDocSearch: trimmed, case-insensitive, on child titles).
 */
import { matchesDocSearch, type ApiVersion, type DocMenuChild, type DocMenuItem } from '@pesan/contracts/docs';

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
const time = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
};

/** The versions oldest first (createdAt; ties by version name). A new array. */
export function sortApiVersions(versions: readonly ApiVersion[]): ApiVersion[] {
  return [...versions].sort((a, b) => time(a.createdAt) - time(b.createdAt) || byText(a.version, b.version));
}

/** A group of the sidebar: the menu item and the children it shows. */
export interface SidebarGroup {
  group: DocMenuItem;
  children: DocMenuChild[];
}

/**
 * The groups the sidebar shows for `versionId` and `query`: sorted by title, each with its children
 * of that version matching the query, sorted by number (then title); groups left empty are dropped.
 */
export function sidebarGroups(menu: readonly DocMenuItem[], versionId: string | null, query = ''): SidebarGroup[] {
  return [...menu]
    .sort((a, b) => byText(a.title, b.title) || a.number - b.number)
    .map((group) => ({
      group,
      children: group.titles
        .filter((c) => c.apiVersionUid === versionId && matchesDocSearch(c.title, query))
        .sort((a, b) => a.number - b.number || byText(a.title, b.title)),
    }))
    .filter((g) => g.children.length > 0);
}

/** A page of the docs: its group and its menu child. */
export interface DocLocation {
  group: DocMenuItem;
  child: DocMenuChild;
}

/** The URL of a page. */
export const docPath = (groupId: string, childId: string) => `/docs/${encodeURIComponent(groupId)}/${encodeURIComponent(childId)}`;

/** The first page the sidebar shows for `versionId` (what /docs opens), or null when it shows none. */
export function firstDocPage(menu: readonly DocMenuItem[], versionId: string | null): DocLocation | null {
  const first = sidebarGroups(menu, versionId)[0];
  return first ? { group: first.group, child: first.children[0]! } : null;
}

/** The page at /docs/{parentId}/{childId}, or null when the menu has no such child in that group. */
export function findDocPage(menu: readonly DocMenuItem[], parentId: string, childId: string): DocLocation | null {
  const group = menu.find((g) => g.id === parentId);
  const child = group?.titles.find((c) => c.id === childId);
  return group && child ? { group, child } : null;
}

/**
 * Where to go when the version changes to `versionId` on page `current`: the page of that version
 * with the same group and child titles, else the version's first page; null when it has none.
 */
export function pageInVersion(menu: readonly DocMenuItem[], versionId: string, current: DocLocation | null): DocLocation | null {
  if (current) {
    const same = (a: string, b: string) => byText(a, b) === 0;
    for (const group of menu) {
      if (!same(group.title, current.group.title)) continue;
      const child = group.titles.find((c) => c.apiVersionUid === versionId && same(c.title, current.child.title));
      if (child) return { group, child };
    }
  }
  return firstDocPage(menu, versionId);
}
