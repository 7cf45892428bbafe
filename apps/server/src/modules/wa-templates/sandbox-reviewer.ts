/**
 * The sandbox template reviewer (issue 13 "Review and status"; ARCHITECTURE.md §4 REVIEW_DELAY_MS):
 * what Meta's review would likely decide, for installations without the Cloud API. Pure: the
 * review job (template-review.service.ts) gives it the template and the other submitted templates
 * of the same application, and stores its decision.
 *
 * Rules, in order (the first that matches decides):
 * 1. a format rule of validateTemplate fails -> REJECTED `INVALID_FORMAT`, recommendation = the
 *    first issue's message;
 * 2. a URL shortener (bit.ly, tinyurl.com, t.co, s.id, goo.gl, …) in the body, header, footer or a
 *    URL button -> REJECTED `INVALID_FORMAT`, use the full domain;
 * 3. the same body and footer as another submitted template of the application -> REJECTED
 *    `DUPLICATE_CONTENT`;
 * 4. a test name ('test', 'test_1', 'testing', 'tes2') -> REJECTED `TAG_CONTENT_MISMATCH`;
 * otherwise APPROVED. The heuristic rules are SANDBOX_REVIEW_RULES: add one there.
 */
import { findComponent, type WaTemplate } from '@pesan/contracts/wa-template-model';
import { validateTemplate } from '@pesan/contracts/wa-template-rules';

/** A reviewer's decision: the status, Meta's reason code, how to fix it, and the notes shown in the list (§2.2). */
export interface ReviewDecision {
  status: 'APPROVED' | 'REJECTED';
  reason: string | null;
  recommendation: string | null;
  notes: string | null;
}

/** Another submitted template of the same application, for the duplicate rule. */
export interface OtherTemplate {
  name: string;
  language: string;
  template: Pick<WaTemplate, 'components'>;
}

/** A heuristic rule: a rejection, or null when the template passes it. */
export interface SandboxReviewRule {
  name: string;
  check: (template: WaTemplate, others: readonly OtherTemplate[]) => Omit<ReviewDecision, 'status'> | null;
}

/** Domains of link shorteners Meta refuses in templates (the full domain must show). */
export const URL_SHORTENERS = ['bit.ly', 'tinyurl.com', 't.co', 's.id', 'goo.gl', 'ow.ly', 'is.gd', 'buff.ly', 'rebrand.ly', 'cutt.ly', 'shorturl.at', 'rb.gy', 'tiny.cc', 'bitly.com', 'v.gd', 't.ly', 'lnkd.in'];

/** Human text of the reason codes, for the notes (§2.2 Notes column). */
export const REJECTION_REASON_TEXTS: Record<string, string> = {
  INVALID_FORMAT: 'The template does not follow the format rules',
  DUPLICATE_CONTENT: 'The content is the same as another template',
  TAG_CONTENT_MISMATCH: 'The content does not match the category or looks like a test',
  ABUSIVE_CONTENT: 'The content is abusive or threatening',
  INCORRECT_CATEGORY: 'The category does not match the content',
  PROMOTIONAL: 'Promotional content in a non-marketing template',
  SCAM: 'The content looks like a scam',
  CATEGORY_NOT_AVAILABLE: 'The category is not available',
};

/** The notes of a rejection: the reason's text, then the recommendation. */
export function rejectionNotes(reason: string, recommendation: string | null | undefined): string {
  const text = REJECTION_REASON_TEXTS[reason] ?? reason;
  return recommendation ? `${text}. ${recommendation}` : text;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SHORTENER_RE = new RegExp(`(?:^|[^a-z0-9.-])(?:https?://)?(?:www\\.)?(${URL_SHORTENERS.map(escape).join('|')})(?=/|$|[^a-z0-9.-])`, 'i');

/** The link shortener domain used in `text`, or null. */
export function findShortener(text: string | undefined): string | null {
  const m = SHORTENER_RE.exec(text ?? '');
  return m ? m[1]!.toLowerCase() : null;
}

/** The texts of a template a link could hide in: header text, body, footer and URL buttons. */
function linkTexts(t: Pick<WaTemplate, 'components'>): string[] {
  const header = findComponent(t, 'HEADER').component;
  const out = [header?.format === 'TEXT' ? header.text : undefined, findComponent(t, 'BODY').component?.text, findComponent(t, 'FOOTER').component?.text];
  for (const b of findComponent(t, 'BUTTONS').component?.buttons ?? []) if (b.type === 'URL') out.push(b.url, b.example?.[0]);
  return out.filter((x): x is string => typeof x === 'string');
}

const norm = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
/** Body and footer, normalised (case and spacing), as the duplicate rule compares them. */
const contentKey = (t: Pick<WaTemplate, 'components'>) => `${norm(findComponent(t, 'BODY').component?.text)}\u0000${norm(findComponent(t, 'FOOTER').component?.text)}`;

const TEST_NAME = /^(?:test|tes|tst|testing|tester)(?:_?\d+)?$/;

/** The heuristic rules of the sandbox reviewer, in order. */
export const SANDBOX_REVIEW_RULES: readonly SandboxReviewRule[] = [
  {
    name: 'url_shortener',
    check: (t) => {
      for (const text of linkTexts(t)) {
        const domain = findShortener(text);
        if (domain) {
          const recommendation = `Use the full domain of your website instead of the link shortener ${domain}`;
          return { reason: 'INVALID_FORMAT', recommendation, notes: rejectionNotes('INVALID_FORMAT', recommendation) };
        }
      }
      return null;
    },
  },
  {
    name: 'duplicate_content',
    check: (t, others) => {
      const key = contentKey(t);
      if (!norm(findComponent(t, 'BODY').component?.text)) return null;
      const same = others.find((o) => contentKey(o.template) === key);
      if (!same) return null;
      const recommendation = `Change the body or footer: template ${same.name} (${same.language}) already has the same content`;
      return { reason: 'DUPLICATE_CONTENT', recommendation, notes: rejectionNotes('DUPLICATE_CONTENT', recommendation) };
    },
  },
  {
    name: 'test_name',
    check: (t) => {
      if (!TEST_NAME.test(t.name)) return null;
      const recommendation = 'Give the template a name that describes its content (e.g. order_update) and real content, not a test';
      return { reason: 'TAG_CONTENT_MISMATCH', recommendation, notes: rejectionNotes('TAG_CONTENT_MISMATCH', recommendation) };
    },
  },
];

/**
 * The sandbox reviewer's decision on `template` (see the file comment), given the other submitted
 * templates of its application.
 */
export function sandboxReview(template: WaTemplate, others: readonly OtherTemplate[], rules: readonly SandboxReviewRule[] = SANDBOX_REVIEW_RULES): ReviewDecision {
  const issue = validateTemplate(template)[0];
  if (issue) return { status: 'REJECTED', reason: 'INVALID_FORMAT', recommendation: issue.message, notes: rejectionNotes('INVALID_FORMAT', issue.message) };
  for (const rule of rules) {
    const rejected = rule.check(template, others);
    if (rejected) return { status: 'REJECTED', ...rejected };
  }
  return { status: 'APPROVED', reason: null, recommendation: null, notes: null };
}
