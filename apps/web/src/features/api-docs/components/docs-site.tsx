/**
 * The docs site (console.md §2 Docs layout, §6: no guard, signed in or not): its own layout, not the
 * console's. A header (the logo, the API reference, the language switch, the console), the sidebar
 * (DocsSidebar) beside the page from 1024 px and in a drawer behind a burger below, and the page
 * (DocPage). /docs opens the first page of the chosen version; an unknown page shows the docs' 404.
 * The site's chrome follows the interface language; the pages' content (from the server) and the
 * code samples stay as written.
 *
 * The chosen version is the first one (by createdAt) until a page of another version is opened or
 * another version is picked; picking one opens the same page in it (same group and page titles) or
 * its first page. The chosen code-sample language is kept across pages.
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, AppShell, Burger, Button, Drawer, Group, ScrollArea, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DOC_LANGUAGES, DOCS_MESSAGES, type DocLanguage } from '@pesan/contracts/docs';
import { LanguageSwitch } from '../../../components/layouts/language-switch.tsx';
import { ShellLogo } from '../../../components/layouts/shell-logo.tsx';
import { useRouteFocus } from '../../../components/layouts/use-route-focus.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useApiVersions } from '../api/get-api-versions.ts';
import { useDocMenu } from '../api/get-doc-menu.ts';
import { docPath, findDocPage, firstDocPage, pageInVersion } from '../utils/menu.ts';
import { DocNotFound, DocPage } from './doc-page.tsx';
import { DocsSidebar } from './docs-sidebar.tsx';

/** Width, in px, from which the sidebar shows beside the page (console.md §9: 1024 px). */
export const DOCS_DESKTOP_MIN_WIDTH = 1024;
const MAIN_ID = 'docs-main';

/** Focuses the page's heading (or the page), once the drawer that had the focus is gone. */
function focusHeading() {
  const main = document.getElementById(MAIN_ID);
  const target = main?.querySelector<HTMLElement>('h1') ?? main;
  if (!target || target.contains(document.activeElement)) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.setAttribute('data-route-focus', '');
  target.focus({ preventScroll: true });
}

export interface DocsSiteProps {
  /** The group and child of /docs/{parentId}/{childId}; both absent on /docs. */
  parentId?: string;
  childId?: string;
  /** Any other path under /docs (a 404). */
  unknownPath?: boolean;
}

/** Which groups are expanded: the user's choice, the current page's group, and while searching every group. */
function useOpenGroups(query: string) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  // While searching every group with a match is open unless closed during this search.
  const [closedInSearch, setClosedInSearch] = useState<{ query: string; ids: ReadonlySet<string> }>({ query: '', ids: new Set() });
  const searching = query.trim() !== '';
  const closed = closedInSearch.query === query ? closedInSearch.ids : new Set<string>();
  const isOpen = (id: string) => (searching ? !closed.has(id) : open.has(id));
  const toggle = (id: string) => {
    const flip = (s: ReadonlySet<string>) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    };
    if (searching) setClosedInSearch({ query, ids: flip(closed) });
    else setOpen(flip(open));
  };
  const reveal = (id: string) => setOpen((s) => (s.has(id) ? s : new Set(s).add(id)));
  return { isOpen, toggle, reveal };
}

export function DocsSite({ parentId, childId, unknownPath = false }: DocsSiteProps) {
  const { t } = useTranslation('api-docs');
  const siteTitle = t('site.title');
  const docsTitle = localizeMessage(DOCS_MESSAGES.sidebarTitle);
  const versions = useApiVersions();
  const menu = useDocMenu();
  const navigate = useNavigate();
  const isDesktop = useMediaQuery(`(min-width: ${DOCS_DESKTOP_MIN_WIDTH}px)`, window.innerWidth >= DOCS_DESKTOP_MIN_WIDTH, {
    getInitialValueInEffect: false,
  });
  const [drawerOpened, setDrawerOpened] = useState(false);
  // A page link in the drawer moves focus to the new page's heading, not back to the burger.
  const [returnFocus, setReturnFocus] = useState(true);
  const [query, setQuery] = useState('');
  const [language, setLanguage] = useState<DocLanguage>(DOC_LANGUAGES[0]);
  const [chosenVersion, setChosenVersion] = useState<string | null>(null);
  const groups = useOpenGroups(query);
  useRouteFocus(MAIN_ID);

  const current = menu.data && parentId && childId ? findDocPage(menu.data, parentId, childId) : null;
  // Opening a page chooses its version and expands its group (once per page).
  const [syncedPage, setSyncedPage] = useState<string | null>(null);
  if (current && syncedPage !== current.child.id) {
    setSyncedPage(current.child.id);
    setChosenVersion(current.child.apiVersionUid);
    groups.reveal(current.group.id);
  }
  const versionId = chosenVersion ?? versions.data?.[0]?.id ?? null;
  const first = menu.data ? firstDocPage(menu.data, versionId) : null;
  const firstPath = first ? docPath(first.group.id, first.child.id) : null;
  const isIndex = !unknownPath && !parentId && !childId;

  // /docs opens the first page of the chosen version.
  useEffect(() => {
    if (isIndex && versions.data && firstPath) navigate(firstPath, { replace: true });
  }, [isIndex, versions.data, firstPath, navigate]);

  // Leaving the docs gives the console its own title back (this effect runs before the next one).
  useEffect(() => {
    const consoleTitle = document.title;
    return () => void (document.title = consoleTitle);
  }, []);
  const title = current?.child.title;
  useEffect(() => {
    document.title = title ? `${title} · ${siteTitle}` : siteTitle;
  }, [title, siteTitle]);

  const changeVersion = (id: string) => {
    setChosenVersion(id);
    const target = menu.data ? pageInVersion(menu.data, id, current) : null;
    if (target && target.child.id !== current?.child.id) navigate(docPath(target.group.id, target.child.id));
  };
  const failed = versions.isError || menu.isError;
  const retry = () => {
    if (versions.isError) void versions.refetch();
    if (menu.isError) void menu.refetch();
  };

  const sidebar = (inDrawer: boolean) => (
    <DocsSidebar
      versions={versions.data}
      menu={menu.data}
      failed={failed}
      onRetry={retry}
      versionId={versionId}
      onVersionChange={changeVersion}
      query={query}
      onQueryChange={setQuery}
      currentChildId={current?.child.id ?? null}
      isGroupOpen={groups.isOpen}
      onToggleGroup={groups.toggle}
      withTitle={!inDrawer}
      asNav={inDrawer}
      onNavigate={
        inDrawer
          ? () => {
              setReturnFocus(false);
              setDrawerOpened(false);
            }
          : undefined
      }
    />
  );

  let content;
  if (unknownPath) content = <DocNotFound firstPagePath={firstPath} />;
  else if (parentId && childId) {
    content =
      menu.data && !current ? (
        <DocNotFound firstPagePath={firstPath} />
      ) : (
        <DocPage titleId={childId} location={current} language={language} onLanguageChange={setLanguage} firstPagePath={firstPath} />
      );
  } else if (failed) {
    content = (
      <Alert color="red" variant="light" title={t('site.loadFailed')} maw={560}>
        <Text size="sm">{t('site.checkConnection')}</Text>
        <Button size="compact-sm" variant="light" color="red.9" mt="xs" onClick={retry}>
          {t('site.tryAgain')}
        </Button>
      </Alert>
    );
  } else if (menu.data && versions.data && !firstPath) {
    content = (
      <Stack gap="xs" py="xl">
        <Text component="h1" fw={700} size="xl">
          {docsTitle}
        </Text>
        <Text c="gray.8">{t('site.noPages')}</Text>
        <Button component="a" href="/api/reference" w="fit-content" rightSection={<IconArrowRight size={16} aria-hidden />}>
          {t('site.openReference')}
        </Button>
      </Stack>
    );
  } else {
    content = (
      <Stack gap="sm" aria-busy>
        <VisuallyHidden role="status">{t('site.loading')}</VisuallyHidden>
        <Skeleton height={14} width={120} />
        <Skeleton height={32} width="50%" />
        <Skeleton height={12} mt="md" />
        <Skeleton height={12} width="90%" />
      </Stack>
    );
  }

  return (
    <AppShell header={{ height: 60 }} navbar={isDesktop ? { width: 288, breakpoint: 0 } : undefined} padding={isDesktop ? 'xl' : 'md'}>
      <AppShell.Header>
        <a href={`#${MAIN_ID}`} className="pesan-skip-link">
          {t('common:shell.skipToMain')}
        </a>
        <Group h="100%" px={isDesktop ? 'lg' : 'md'} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            {!isDesktop && (
              <Burger
                opened={drawerOpened}
                onClick={() => {
                  setReturnFocus(true);
                  setDrawerOpened(true);
                }}
                aria-label={t('site.openMenu')}
                aria-expanded={drawerOpened}
                size="sm"
              />
            )}
            <ShellLogo />
            {isDesktop && (
              <Text fw={600} c="gray.7" size="sm">
                {t('site.docs')}
              </Text>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {isDesktop && (
              <Anchor href="/api/reference" c="gray.8" fw={600} size="sm" px="sm">
                {t('site.apiReference')}
              </Anchor>
            )}
            <LanguageSwitch />
            <Button component={Link} to="/my-application" variant="default" size={isDesktop ? 'sm' : 'xs'}>
              {t('site.console')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      {isDesktop ? (
        <AppShell.Navbar p="md" aria-label={docsTitle}>
          <AppShell.Section grow component={ScrollArea} type="auto" offsetScrollbars>
            {sidebar(false)}
          </AppShell.Section>
        </AppShell.Navbar>
      ) : (
        <Drawer
          opened={drawerOpened}
          onClose={() => setDrawerOpened(false)}
          returnFocus={returnFocus}
          // After a page link (also the current page's) the page's heading has the focus, not <body>.
          onExitTransitionEnd={() => !returnFocus && window.setTimeout(focusHeading, 0)}
          title={docsTitle}
          size={320}
          closeButtonProps={{ 'aria-label': t('site.closeMenu') }}
        >
          {sidebar(true)}
          <Anchor href="/api/reference" c="gray.8" fw={600} size="sm" display="block" mt="lg">
            {t('site.apiReference')}
          </Anchor>
        </Drawer>
      )}

      <AppShell.Main id={MAIN_ID}>{content}</AppShell.Main>
    </AppShell>
  );
}
