/**
 * /docs, /docs/{parentId}/{childId} and any other path under /docs (console.md §2, §6: no guard):
 * the docs site of features/api-docs, one component for all of them so the sidebar keeps its
 * state from page to page.
 */
import { useParams } from 'react-router';
import { DocsSite } from '../../../features/api-docs/components/docs-site.tsx';

export default function DocsPage() {
  const { parentId, childId, '*': rest } = useParams();
  return <DocsSite parentId={parentId} childId={childId} unknownPath={rest !== undefined && rest !== ''} />;
}
