/**
 * The docs sidebar (console.md §2 Docs layout, §5): titled 'API Docs'; the API-version dropdown;
 * 'Search for help...' on child titles; the groups (sorted by title, expandable) with the pages of
 * the chosen version (sorted by number); 'Sorry, there is no Menu yet!' when the version has none.
 * A <nav> landmark named 'API Docs'; the current page is marked aria-current. Shown beside the page on wide
 * screens and in a drawer on narrow ones; the state lives in DocsSite so it survives the drawer.
 */
import { Alert, Button, NativeSelect, NavLink, Skeleton, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DOCS_MESSAGES, type ApiVersion, type DocMenuItem } from '@pesan/contracts/docs';
import { localizeMessage } from '../../../lib/i18n.ts';
import { groupIcon } from '../utils/group-icon.ts';
import { docPath, sidebarGroups } from '../utils/menu.ts';
import classes from './docs.module.css';

export interface DocsSidebarProps {
  versions: ApiVersion[] | undefined;
  menu: DocMenuItem[] | undefined;
  /** The menu or the versions could not be loaded. */
  failed: boolean;
  onRetry: () => void;
  versionId: string | null;
  onVersionChange: (versionId: string) => void;
  query: string;
  onQueryChange: (query: string) => void;
  /** The page shown (menu child id), or null. */
  currentChildId: string | null;
  isGroupOpen: (groupId: string) => boolean;
  onToggleGroup: (groupId: string) => void;
  /** Called when a page link is followed (the drawer closes). */
  onNavigate?: () => void;
  /** Show the 'API Docs' heading (the drawer has its own title). */
  withTitle?: boolean;
  /** Be the <nav> landmark itself (in the drawer); beside the page AppShell.Navbar is the <nav>. */
  asNav?: boolean;
}

export function DocsSidebar(props: DocsSidebarProps) {
  const { versions, menu, failed, onRetry, versionId, onVersionChange, query, onQueryChange, withTitle = true, asNav = false } = props;
  const loading = !failed && (!versions || !menu);
  const { t } = useTranslation('api-docs');
  const Root = asNav ? 'nav' : 'div';
  const heading = localizeMessage(DOCS_MESSAGES.sidebarTitle);
  return (
    <Root aria-label={asNav ? heading : undefined} className={classes.sidebar}>
      {withTitle && (
        <Title order={2} size="h4">
          {heading}
        </Title>
      )}
      {loading ? (
        <Stack gap="sm" aria-hidden data-testid="docs-sidebar-skeleton">
          <Skeleton height={36} />
          <Skeleton height={36} />
          {[70, 55, 80, 60, 75].map((w, i) => (
            <Skeleton key={i} height={14} width={`${w}%`} mt={i === 0 ? 'sm' : 6} />
          ))}
        </Stack>
      ) : failed ? (
        <Alert color="red" variant="light" title={t('sidebar.loadFailed')}>
          <Button size="compact-sm" variant="light" color="red.9" mt="xs" onClick={onRetry}>
            {t('site.tryAgain')}
          </Button>
        </Alert>
      ) : (
        <>
          <NativeSelect
            label={t('sidebar.version')}
            value={versionId ?? ''}
            onChange={(e) => onVersionChange(e.currentTarget.value)}
            data={versions!.length ? versions!.map((v) => ({ value: v.id, label: v.version })) : [{ value: '', label: t('sidebar.noVersion') }]}
            disabled={versions!.length === 0}
          />
          <TextInput
            type="search"
            aria-label={t('sidebar.search')}
            placeholder={localizeMessage(DOCS_MESSAGES.searchPlaceholder)}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={query}
            onChange={(e) => onQueryChange(e.currentTarget.value)}
          />
          <SidebarGroups {...props} menu={menu!} />
        </>
      )}
    </Root>
  );
}

function SidebarGroups({ menu, versionId, query, currentChildId, isGroupOpen, onToggleGroup, onNavigate }: DocsSidebarProps & { menu: DocMenuItem[] }) {
  const { t } = useTranslation('api-docs');
  const all = sidebarGroups(menu, versionId);
  if (all.length === 0) {
    return (
      <Text c="gray.7" size="sm" py="sm">
        {localizeMessage(DOCS_MESSAGES.noMenu)}
      </Text>
    );
  }
  const searching = query.trim() !== '';
  const groups = searching ? sidebarGroups(menu, versionId, query) : all;
  const found = groups.reduce((n, g) => n + g.children.length, 0);
  return (
    <>
      <VisuallyHidden role="status">{searching ? t('sidebar.found', { count: found }) : ''}</VisuallyHidden>
      {groups.length === 0 ? (
        <Text c="gray.7" size="sm" py="sm">
          {t('sidebar.noMatch', { query: query.trim() })}
        </Text>
      ) : (
        <ul className={classes.groups}>
          {groups.map(({ group, children }) => {
            const Icon = groupIcon(group.icon);
            const open = isGroupOpen(group.id);
            const listId = `docs-group-${group.id}`;
            return (
              <li key={group.id}>
                <NavLink
                  component="button"
                  label={<span lang="en">{group.title}</span>}
                  leftSection={<Icon size={18} stroke={1.7} aria-hidden />}
                  opened={open}
                  onChange={() => onToggleGroup(group.id)}
                  aria-expanded={open}
                  aria-controls={listId}
                  fw={600}
                  keepMounted={false}
                  childrenOffset={28}
                >
                  <ul className={classes.groups} id={listId}>
                    {children.map((child) => {
                      const current = child.id === currentChildId;
                      return (
                        <li key={child.id}>
                          <NavLink
                            component={Link}
                            to={docPath(group.id, child.id)}
                            label={<span lang="en">{child.title}</span>}
                            active={current}
                            aria-current={current ? 'page' : undefined}
                            variant="light"
                            onClick={onNavigate}
                          />
                        </li>
                      );
                    })}
                  </ul>
                </NavLink>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
