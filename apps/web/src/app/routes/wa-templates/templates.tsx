/**
 * Whatsapp Template pages (templates-dashboard-reports.md §2.1; ARCHITECTURE.md §7 deviation 4):
 * mounted at both `whatsapp-template/*` and `new-whatsapp-template/*`, each family with the same
 * pages: '' the list, 'create' and 'edit/:id' the one editor (loaded on demand; it reads its input
 * from navigation state: the New Whatsapp Template modal's choice, or the template to edit).
 * Anything else under the family is the 404 page. The family comes from the address, so every
 * link and redirect stays in the family the user came by.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation } from 'react-router';
import { TemplatesListPage } from '../../../features/wa-templates/components/templates-list-page.tsx';
import NotFoundPage from '../errors/not-found.tsx';
import { FormSkeleton } from '../../../components/skeletons.tsx';

const TemplateEditorPage = lazy(() => import('../../../features/wa-templates/components/editor/template-editor-page.tsx'));

/** The two route families (§2.1). */
export const TEMPLATE_FAMILIES = ['/whatsapp-template', '/new-whatsapp-template'] as const;
export type TemplateFamily = (typeof TEMPLATE_FAMILIES)[number];

/** The family of a path: '/new-whatsapp-template/create' -> '/new-whatsapp-template'; '/whatsapp-template' otherwise. */
export function templateFamily(pathname: string): TemplateFamily {
  return pathname === '/new-whatsapp-template' || pathname.startsWith('/new-whatsapp-template/') ? '/new-whatsapp-template' : '/whatsapp-template';
}

function Editor() {
  const { t } = useTranslation('wa-templates');
  return (
    <Suspense
      fallback={<FormSkeleton label={t('route.loadingEditor')} fields={5} />}
    >
      <TemplateEditorPage />
    </Suspense>
  );
}

export default function WhatsappTemplatesPage() {
  const { pathname } = useLocation();
  const family = templateFamily(pathname);
  return (
    <Routes>
      <Route index element={<TemplatesListPage basePath={family} />} />
      <Route path="create" element={<Editor />} />
      <Route path="edit/:id" element={<Editor />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
