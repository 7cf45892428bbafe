/**
 * Demo WhatsApp templates (ARCHITECTURE.md §4 DEMO_DATA; issue 13): the demo application's
 * templates in every status the list filters by (templates-dashboard-reports.md §2.2, §4), stored
 * through the template service as already reviewed (no review job runs on them):
 * - `welcome_message` (en, UTILITY) APPROVED: the template the demo traffic sends;
 * - `spring_sale` (en, MARKETING) Draft, with a text header, a variable and buttons;
 * - `order_shipped` (id, UTILITY) In Review;
 * - `flash_deal` (en, MARKETING) Rejected, with Meta's reason and a recommendation (a link shortener);
 * - `login_code` (en, AUTHENTICATION) APPROVED: a copy-code one-time password.
 */
import type { WaTemplate } from '@pesan/contracts/wa-template-model';
import type { AppContext } from '../context.ts';

/** The APPROVED template the demo traffic and the prepaid application send (`{{1}}` = the customer's name). */
export const WELCOME_TEMPLATE: WaTemplate = {
  name: 'welcome_message',
  language: 'en',
  category: 'UTILITY',
  components: [{ type: 'BODY', text: 'Hello {{1}}, welcome to Pesan!', example: { body_text: [['Budi']] } }],
};

const DEMO_TEMPLATES: { template: WaTemplate; status: string; rejectionReason?: string; recommendation?: string; notes?: string; quality?: string }[] = [
  { template: WELCOME_TEMPLATE, status: 'APPROVED', quality: 'GREEN' },
  {
    template: {
      name: 'spring_sale',
      language: 'en',
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Spring sale' },
        { type: 'BODY', text: 'Hi {{1}}, everything in the store is 20% off this week. Use the code below at checkout.', example: { body_text: [['Sari']] } },
        { type: 'FOOTER', text: 'Not interested? Tap stop promotions' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'URL', text: 'Shop now', url: 'https://shop.example.com/sale' },
            { type: 'COPY_CODE', example: 'SPRING20' },
          ],
        },
      ],
    },
    status: 'DRAFT',
  },
  {
    template: {
      name: 'order_shipped',
      language: 'id',
      category: 'UTILITY',
      components: [
        { type: 'BODY', text: 'Halo {{1}}, pesanan {{2}} Anda sudah dikirim dan akan tiba dalam dua hari.', example: { body_text: [['Budi', 'A-1024']] } },
        { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Lacak pesanan', url: 'https://shop.example.com/track/{{1}}', example: ['https://shop.example.com/track/A-1024'] }] },
      ],
    },
    status: 'PENDING',
  },
  {
    template: {
      name: 'flash_deal',
      language: 'en',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Flash deal for you, {{1}}! Grab it today at https://bit.ly/pesan-deal before it is gone.', example: { body_text: [['Wei']] } }],
    },
    status: 'REJECTED',
    rejectionReason: 'INVALID_FORMAT',
    recommendation: 'Use the full domain of your website instead of the link shortener bit.ly',
    notes: 'The template does not follow the format rules. Use the full domain of your website instead of the link shortener bit.ly',
  },
  {
    template: {
      name: 'login_code',
      language: 'en',
      category: 'AUTHENTICATION',
      components: [
        { type: 'BODY', add_security_recommendation: true },
        { type: 'FOOTER', code_expiration_minutes: 10 },
        { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
      ],
    },
    status: 'APPROVED',
  },
];

/**
 * Seeds the demo templates of application `applicationId` (all of them, or only `welcome_message`
 * when `only` is 'welcome'), created a few minutes apart before `ctx.now()`.
 */
export async function seedDemoTemplates(ctx: AppContext, ids: { organizationId: string; applicationId: string; userId: string | null }, only: 'all' | 'welcome' = 'all'): Promise<void> {
  const list = only === 'welcome' ? DEMO_TEMPLATES.slice(0, 1) : DEMO_TEMPLATES;
  const now = ctx.now().getTime();
  for (const [i, t] of list.entries()) {
    await ctx.services.waTemplates.storeReviewedTemplate({
      organizationId: ids.organizationId,
      applicationId: ids.applicationId,
      createdBy: ids.userId,
      ...t,
      createdAt: new Date(now - (list.length - i) * 60_000),
    });
  }
}
