/**
 * Meta's published example template create bodies (WhatsApp Cloud API documentation, "Message
 * templates", "Template components", "Supported languages", "Authentication templates"), as raw
 * request bodies: the way a customer POSTs them to `/v1/whatsapp/templates` (ARCHITECTURE.md §6)
 * and the way tests feed them to waTemplateSchema, validateTemplate and the console mapping.
 * Media handles are Meta's example handles; phone numbers and URLs are Meta's example ones.
 * Examples whose page gives only the request syntax (`<BODY_TEXT>`…) say so in their label: their
 * placeholders are filled with Meta's example values from the same pages.
 */

/** One published example: where it comes from and its body as Meta shows it. */
export interface MetaTemplateFixture {
  label: string;
  source: string;
  body: Record<string, unknown>;
}

const DOCS = 'https://developers.facebook.com/documentation/business-messaging/whatsapp/templates';

/** Meta's example media handle (an uploaded asset's handle from the Resumable Upload API). */
const IMAGE_HANDLE = '4::aW1hZ2UvanBlZw==:ARa1ZDhwbLZM3EENeeg';
const DOCUMENT_HANDLE = '4::YXBwbGljYXRpb24vcGRm:ARZVv4zuogJMxmAdS3_6T4o_K4ll2806avA7rWpikisTzYPsXXUeKk0REjS-hIM1rYrizHD7rQXj951TKgUFblgd_BDWVROCwRkg9Vhjj-cHNQ:e:1681237341:634974688087057:100089620928913:ARa1ZDhwbLZM3EENeeg';

export const META_TEMPLATE_FIXTURES: readonly MetaTemplateFixture[] = [
  {
    label: 'marketing: text header with a positional variable, quick replies (seasonal_promotion)',
    source: `${DOCS}/overview`,
    body: {
      name: 'seasonal_promotion',
      language: 'en_US',
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Our {{1}} is on!', example: { header_text: ['Summer Sale'] } },
        {
          type: 'BODY',
          text: 'Shop now through {{1}} and use code {{2}} to get {{3}} off of all merchandise.',
          example: { body_text: [['the end of August', '25OFF', '25%']] },
        },
        { type: 'FOOTER', text: 'Use the buttons below to manage your marketing subscriptions' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Unsubscribe from Promos' },
            { type: 'QUICK_REPLY', text: 'Unsubscribe from All' },
          ],
        },
      ],
    },
  },
  {
    label: 'marketing: phone and dynamic URL buttons, the URL example the variable’s value (Template components: buttons)',
    source: `${DOCS}/components#url-buttons`,
    body: {
      name: 'seasonal_promotion_shop',
      language: 'en_US',
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Our {{1}} is on!', example: { header_text: ['Summer Sale'] } },
        {
          type: 'BODY',
          text: 'Shop now through {{1}} and use code {{2}} to get {{3}} off of all merchandise.',
          example: { body_text: [['the end of August', '25OFF', '25%']] },
        },
        { type: 'FOOTER', text: 'Use the buttons below to manage your marketing subscriptions' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'PHONE_NUMBER', text: 'Call', phone_number: '15550051310' },
            { type: 'URL', text: 'Shop Now', url: 'https://www.examplesite.com/shop?promo={{1}}', example: ['summer2023'] },
          ],
        },
      ],
    },
  },
  {
    label: 'utility: document header, phone number and URL buttons (order_confirmation)',
    source: `${DOCS}/utility-templates/utility-templates`,
    body: {
      name: 'order_confirmation',
      language: 'en_US',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'DOCUMENT', example: { header_handle: [DOCUMENT_HANDLE] } },
        {
          type: 'BODY',
          text: 'Thank you for your order, {{1}}! Your order number is {{2}}. Tap the PDF linked above to view your receipt. If you have any questions, please use the buttons below to contact support. Thank you for being a customer!',
          example: { body_text: [['Pablo', '860198-230332']] },
        },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'PHONE_NUMBER', text: 'Call', phone_number: '15550051310' },
            { type: 'URL', text: 'Contact Support', url: 'https://www.luckyshrub.com/support' },
          ],
        },
      ],
    },
  },
  {
    label: 'utility: named parameters, lower-case names as Meta shows them (order_confirmation)',
    source: `${DOCS}/overview#parameter-formats`,
    body: {
      name: 'order_confirmation',
      language: 'en_US',
      category: 'utility',
      parameter_format: 'named',
      components: [
        {
          type: 'body',
          text: 'Thank you, {{first_name}}! Your order number is {{order_number}}.',
          example: {
            body_text_named_params: [
              { param_name: 'first_name', example: 'Pablo' },
              { param_name: 'order_number', example: '860198-230332' },
            ],
          },
        },
      ],
    },
  },
  {
    label: 'marketing: named header and body parameters (Template components: the text header and body examples together)',
    source: `${DOCS}/components`,
    body: {
      name: 'sale_announcement',
      language: 'en_US',
      category: 'MARKETING',
      parameter_format: 'NAMED',
      components: [
        {
          type: 'HEADER',
          format: 'TEXT',
          text: 'Our new sale starts {{sale_start_date}}!',
          example: { header_text_named_params: [{ param_name: 'sale_start_date', example: 'December 1st' }] },
        },
        {
          type: 'BODY',
          text: 'Thank you for your order, {{first_name}}! Your order number is {{order_number}}. Tap the PDF linked above to view your receipt. If you have any questions, please use the buttons below to contact support. Thank you for being a customer!',
          example: {
            body_text_named_params: [
              { param_name: 'first_name', example: 'Pablo' },
              { param_name: 'order_number', example: '860198-230332' },
            ],
          },
        },
      ],
    },
  },
  {
    label: 'utility: location header (order_delivery_update)',
    source: `${DOCS}/components#location-headers`,
    body: {
      name: 'order_delivery_update',
      language: 'en_US',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'LOCATION' },
        {
          type: 'BODY',
          text: 'Good news {{1}}! Your order #{{2}} is on its way to the location above. Thank you for your order!',
          example: { body_text: [['Mark', '566701']] },
        },
        { type: 'FOOTER', text: 'To stop receiving delivery updates, tap the button below.' },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Stop Delivery Updates' }] },
      ],
    },
  },
  {
    label: 'marketing: image header, named body, footer, URL, phone and quick-reply buttons (custom marketing template request syntax, placeholders filled)',
    source: `${DOCS}/marketing-templates/custom-marketing-templates`,
    body: {
      name: 'limited_time_offer',
      language: 'en_US',
      category: 'marketing',
      parameter_format: 'named',
      components: [
        { type: 'header', format: 'image', example: { header_handle: [IMAGE_HANDLE] } },
        {
          type: 'body',
          text: 'Exclusive offer for {{customer_name}}! Get {{discount_amount}} off with code {{discount_code}} at any Lucky Shrub store.',
          example: {
            body_text_named_params: [
              { param_name: 'customer_name', example: 'Mark' },
              { param_name: 'discount_amount', example: '25%' },
              { param_name: 'discount_code', example: 'SUMMER25' },
            ],
          },
        },
        { type: 'footer', text: 'Lucky Shrub: your gateway to succulents' },
        {
          type: 'buttons',
          buttons: [
            { type: 'url', text: 'Shop now', url: 'https://www.luckyshrub.com/shop?promo={{1}}', example: ['https://www.luckyshrub.com/shop?promo=summer25'] },
            { type: 'phone_number', text: 'Call us', phone_number: '15550051310' },
            { type: 'quick_reply', text: 'Unsubscribe' },
          ],
        },
      ],
    },
  },
  {
    label: 'marketing: copy code button (coupon_code_fall2023_25off)',
    source: `${DOCS}/components#copy-code-buttons`,
    body: {
      name: 'coupon_code_fall2023_25off',
      language: 'en_US',
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Our Fall Sale is on!' },
        {
          type: 'BODY',
          text: 'Shop now through November and use code {{1}} to get {{2}} off of all merchandise!',
          example: { body_text: [['25OFF', '25%']] },
        },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Unsubscribe' },
            { type: 'COPY_CODE', example: '250FF' },
          ],
        },
      ],
    },
  },
  {
    label: 'marketing: video header, dynamic URL button (media header and URL button syntax, placeholders filled)',
    source: `${DOCS}/components#media-headers`,
    body: {
      name: 'summer_collection_video',
      language: 'en_US',
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'VIDEO', example: { header_handle: ['4::dmlkZW8vbXA0:ARb8VQ0wLqk8ZxM3Yh0bU'] } },
        { type: 'BODY', text: 'Hi {{1}}, our summer collection is here. Watch the video and shop before it sells out.', example: { body_text: [['Pablo']] } },
        {
          type: 'BUTTONS',
          buttons: [{ type: 'URL', text: 'Shop the collection', url: 'https://www.luckyshrub.com/collections/{{1}}', example: ['https://www.luckyshrub.com/collections/summer'] }],
        },
      ],
    },
  },
  {
    label: 'authentication: copy code button (authentication_code_copy_code_button)',
    source: `${DOCS}/authentication-templates/copy-code-button-authentication-templates`,
    body: {
      name: 'authentication_code_copy_code_button',
      language: 'en_US',
      category: 'AUTHENTICATION',
      message_send_ttl_seconds: 60,
      components: [
        { type: 'BODY', add_security_recommendation: true },
        { type: 'FOOTER', code_expiration_minutes: 5 },
        { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy Code' }] },
      ],
    },
  },
  {
    label: 'authentication: one-tap autofill button (authentication_code_autofill_button)',
    source: `${DOCS}/authentication-templates/autofill-button-authentication-templates`,
    body: {
      name: 'authentication_code_autofill_button',
      language: 'en_US',
      category: 'AUTHENTICATION',
      message_send_ttl_seconds: 60,
      components: [
        { type: 'BODY', add_security_recommendation: true },
        { type: 'FOOTER', code_expiration_minutes: 5 },
        {
          type: 'BUTTONS',
          buttons: [
            {
              type: 'OTP',
              otp_type: 'ONE_TAP',
              text: 'Copy Code',
              autofill_text: 'Autofill',
              supported_apps: [{ package_name: 'com.example.luckyshrub', signature_hash: 'K8a/AINcGX7' }],
            },
          ],
        },
      ],
    },
  },
  {
    label: 'authentication: zero-tap (zero_tap_auth_template)',
    source: `${DOCS}/authentication-templates/zero-tap-authentication-templates`,
    body: {
      name: 'zero_tap_auth_template',
      language: 'en_US',
      category: 'AUTHENTICATION',
      message_send_ttl_seconds: 60,
      components: [
        { type: 'BODY', add_security_recommendation: true },
        { type: 'FOOTER', code_expiration_minutes: 5 },
        {
          type: 'BUTTONS',
          buttons: [
            {
              type: 'OTP',
              otp_type: 'ZERO_TAP',
              text: 'Copy Code',
              autofill_text: 'Autofill',
              zero_tap_terms_accepted: true,
              supported_apps: [{ package_name: 'com.example.luckyshrub', signature_hash: 'K8a/AINcGX7' }],
            },
          ],
        },
      ],
    },
  },
];
