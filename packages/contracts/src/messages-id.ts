/**
 * The Indonesian twin of every message object (ARCHITECTURE.md §10). Each twin has exactly the
 * keys of its English object, and a function twin takes the same parameters: `Twin<T>` makes a
 * missing or extra key, or different parameters, a TypeScript error (message-translate.test.ts
 * checks the same at run time). Indonesian has no plural suffix: '1 menit', '5 menit'.
 * Product terms an Indonesian user knows stay English: WhatsApp, template, token, API, webhook,
 * OTP, SMS, email, Call, Voice OTP, header, body, footer.
 */
import type { AUTH_MESSAGES, PASSWORD_RULE_LABELS } from './auth-messages.ts';
import type { APPLICATION_MESSAGES, TOKEN_MESSAGES } from './application-messages.ts';
import { TEMPLATE_MEDIA_LIMITS, TEMPLATE_MEDIA_QUOTA, TEMPLATE_MEDIA_TYPES, UPLOAD_PURPOSES, UPLOAD_QUOTA, type TemplateMediaMime } from './upload.ts';
import type { TEMPLATE_MEDIA_MESSAGES, UPLOAD_MESSAGES } from './upload.ts';
import type { V1_MESSAGES } from './messaging.ts';
import { WA_PARAMETER_MAX, type WA_SEND_MESSAGES, type WA_TEMPLATE_SEND_MESSAGES, type WaParameterButtonKind } from './wa-send.ts';
import { MAX_QUOTA_RECIPIENTS, MAX_QUOTA_THRESHOLD, type QUOTA_MESSAGES } from './quota.ts';
import type { DASHBOARD_MESSAGES } from './dashboard.ts';
import type { DASHBOARD_LABELS } from './dashboard-labels.ts';
import type { WA_TEMPLATE_MESSAGES } from './wa-template-messages.ts';
import type { CONSOLE_MESSAGES } from './console-messages.ts';
import { REPORT_PENDING_LIMIT, type REPORT_MESSAGES } from './reports.ts';
import type { DOCS_MESSAGES } from './docs.ts';
import type { RECORDS_MESSAGES } from './records.ts';
import type { WA_TEMPLATE_API_MESSAGES } from './wa-template-api.ts';
import type { WEBHOOK_MESSAGES } from './webhooks.ts';
import type { ORGANIZATION_MESSAGES } from './organization-messages.ts';
import type { TEAMS_MESSAGES } from './teams-messages.ts';
import type { FIELD_LABELS, RESOURCE_NAMES, SERVER_MESSAGES, VALIDATION_MESSAGES } from './server-messages.ts';
import type { ZOD_MESSAGES } from './zod-messages.ts';
import type { VERIFY_MESSAGES } from './verify.ts';

/** The shape of an Indonesian twin of the message object T: same keys, same function parameters. */
export type Twin<T> = { [K in keyof T]: T[K] extends (...a: infer A) => string ? (...a: A) => string : string };

const MiB = 1024 * 1024;
const mb = (bytes: number) => `${bytes / MiB} MB`;

// Texts two objects share (the same English in both) have one Indonesian text.
const SHARED = {
  organizationFirst: 'Buat organisasi Anda terlebih dahulu',
  channelOnce: 'Setiap channel hanya boleh dipilih sekali',
  noApplications: 'Ups, Anda belum memiliki aplikasi',
  rangeTooLong: 'Rentang tanggal maksimal 31 hari',
  rangeInvalid: 'Tanggal akhir harus setelah tanggal mulai',
  errorTitle: 'Terjadi Kesalahan!',
  downloaded: 'Hasil laporan berhasil diunduh',
  templateNotFound: 'Template tidak ditemukan',
  templateNameTaken: 'Nama template sudah digunakan. Silakan gunakan nama template lain!',
  drafted: 'Template WhatsApp berhasil disimpan sebagai draf.',
  created: 'Template WhatsApp berhasil dibuat.',
  deleted: 'Berhasil! Template dihapus',
  duplicated: 'Berhasil! Template diduplikasi',
  duplicateConfirm: 'Apakah Anda yakin ingin menduplikasi template ini?',
  deleteConfirm: 'Template yang dihapus tidak dapat dipulihkan. Apakah Anda yakin ingin menghapus template ini?',
  emptySearch: 'Maaf, kami tidak menemukan hasil apa pun. Coba ubah kata kunci pencarian atau filter Anda.',
  messageNotFound: 'Pesan tidak ditemukan',
} as const;

/** Waits as the rate limiter writes them ('1 minute', '30 seconds') in Indonesian ('1 menit'). */
export function durationId(text: string): string {
  const units: Record<string, string> = { millisecond: 'milidetik', second: 'detik', minute: 'menit', hour: 'jam', day: 'hari' };
  return text.replace(/(\d+) (millisecond|second|minute|hour|day)s?\b/g, (_, n: string, u: string) => `${n} ${units[u]}`);
}

/** Indonesian of tooManyAttemptsMessage: whole minutes, or seconds under one minute. */
export function tooManyAttemptsMessageId(retryAfterSeconds: number): string {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  const when = s < 60 ? `${s} detik` : `${Math.ceil(s / 60)} menit`;
  return `Terlalu banyak percobaan masuk. Coba lagi dalam ${when}.`;
}

export const AUTH_MESSAGES_ID = {
  emailRequired: 'Email wajib diisi',
  emailInvalid: 'Email tidak valid',
  passwordRequired: 'Kata sandi wajib diisi',
  confirmRequired: 'Konfirmasi kata sandi wajib diisi',
  passwordMismatch: 'Kata sandi tidak sama dengan konfirmasi kata sandi',
  confirmMismatch: 'Konfirmasi kata sandi tidak sama dengan kata sandi',
  passwordInvalid: 'Kata sandi tidak valid',
  currentPasswordRequired: 'Kata sandi saat ini wajib diisi',
  fullNameRequired: 'Nama lengkap wajib diisi',
  phoneRequired: 'Nomor telepon wajib diisi',
  phoneInvalid: 'Nomor telepon tidak valid',
  invalidCredentials: 'Email atau kata sandi salah',
  emailTaken: 'Email ini sudah terdaftar',
  emailNotVerified: 'Silakan verifikasi email Anda sebelum masuk',
  invalidVerification: 'Verifikasi email tidak valid',
  resetExpired: 'Ups, permintaan Anda sudah kedaluwarsa. Silakan coba lagi!',
  forgotDescription: 'Jika ada akun dengan email ini, kami telah mengirimkan tautan untuk mengatur ulang kata sandi Anda.',
  registered: 'Akun Anda berhasil dibuat. Silakan cek email Anda untuk verifikasi.',
  verificationDescription: 'Jika ada akun yang belum diverifikasi dengan email ini, kami telah mengirimkan tautan verifikasi baru.',
  emailVerified: 'Email Anda berhasil diverifikasi',
  passwordReset: 'Kata sandi Anda berhasil diatur ulang',
  passwordChanged: 'Kata sandi Anda berhasil diubah',
  currentPasswordIncorrect: 'Kata sandi saat ini salah',
  profileUpdated: 'Data pengguna Anda berhasil diubah, silakan masuk kembali',
  avatarInvalid: 'Avatar harus berupa URL gambar',
  tooManyRequests: 'Terlalu banyak permintaan. Tunggu sebentar, lalu coba lagi.',
  termsSubmitted: 'Syarat dan Ketentuan berhasil disetujui',
  termsVersionInvalid: 'Versi syarat dan ketentuan tidak dikenal',
  languageInvalid: 'Bahasa harus en atau id',
  tooManyAttempts: (retryAfterSeconds: number) => tooManyAttemptsMessageId(retryAfterSeconds),
} as const satisfies Twin<typeof AUTH_MESSAGES>;

export const PASSWORD_RULE_LABELS_ID = {
  length: 'Minimal 8 karakter',
  upper: 'Gunakan huruf besar (A-Z)',
  lower: 'Gunakan huruf kecil (a-z)',
  special: 'Gunakan karakter khusus (# % @ &)',
  digit: 'Gunakan angka (0-9)',
} as const satisfies Twin<typeof PASSWORD_RULE_LABELS>;

export const APPLICATION_MESSAGES_ID = {
  nameRequired: 'Nama aplikasi wajib diisi',
  channelRequired: 'Pilih minimal 1 channel',
  emptyList: SHARED.noApplications,
  editSuccessTitle: 'Aplikasi berhasil diubah',
  editSuccessMessage: 'Aplikasi berhasil diperbarui!',
  notFound: 'Aplikasi tidak ditemukan',
  senderNumberInvalid: 'Nomor pengirim hanya boleh berisi angka, boleh diawali +',
  deleteSuccessTitle: 'Aplikasi dihapus',
  deleteSuccessMessage: (name: string) => `${name} telah dihapus. Token-nya tidak dapat digunakan lagi.`,
  organizationRequired: SHARED.organizationFirst,
  channelDuplicate: SHARED.channelOnce,
} as const satisfies Twin<typeof APPLICATION_MESSAGES>;

export const TOKEN_MESSAGES_ID = {
  confirmTitle: (channelLabel: string) => `Buat Key untuk ${channelLabel}?`,
  successTitle: 'Token Berhasil Dibuat',
  successMessage: 'Periksa file yang telah terunduh',
  failureTitle: 'Gagal Membuat Key',
  failureMessage: 'Terjadi kendala saat menghubungi server kami. Coba buat key lagi dalam beberapa menit.',
  warning: 'Simpan file yang terunduh berisi JWT dan private key di tempat yang aman. Key ini tidak akan ditampilkan lagi.',
  channelNotInApplication: 'Channel ini tidak aktif untuk aplikasi tersebut',
  tooManyTokens: (after: string) => `Terlalu banyak access token dibuat. Coba lagi dalam ${durationId(after)}.`,
} as const satisfies Twin<typeof TOKEN_MESSAGES>;

const TEMPLATE_MEDIA_LABELS_ID: Record<TemplateMediaMime, string> = {
  'image/jpeg': 'gambar JPEG',
  'image/png': 'gambar PNG',
  'video/mp4': 'video MP4',
  'application/pdf': 'dokumen PDF',
};

export const TEMPLATE_MEDIA_MESSAGES_ID = {
  required: 'Silakan pilih file untuk diunggah',
  unsupported: 'Media template hanya menerima gambar JPEG atau PNG, video MP4, atau dokumen PDF',
  tooLarge: (mime: TemplateMediaMime) => `Ukuran ${TEMPLATE_MEDIA_LABELS_ID[mime]} ini terlalu besar: ${TEMPLATE_MEDIA_LABELS_ID[mime]} maksimal ${mb(TEMPLATE_MEDIA_TYPES[mime].maxBytes)}`,
  tooLargeAny: `Ukuran file maksimal ${mb(TEMPLATE_MEDIA_LIMITS.maxBytes)} (JPEG atau PNG hingga 5 MB, MP4 hingga 16 MB, PDF hingga 100 MB)`,
  quotaExceeded: `Organisasi Anda telah menggunakan seluruh ${mb(TEMPLATE_MEDIA_QUOTA.maxTotalBytesPerOrganization)} penyimpanan media template, sehingga file ini tidak dapat disimpan. Gunakan kembali file yang sudah pernah diunggah.`,
} as const satisfies Twin<typeof TEMPLATE_MEDIA_MESSAGES>;

export const UPLOAD_MESSAGES_ID = {
  required: 'Silakan pilih gambar untuk diunggah',
  unsupported: 'Hanya gambar JPEG, PNG, atau WebP yang diterima',
  tooLarge: 'Ukuran gambar maksimal 2 MB',
  malformed: 'File yang diunggah tidak dapat dibaca. Silakan pilih gambar lagi.',
  rateLimited: `Anda dapat mengunggah maksimal ${UPLOAD_QUOTA.maxPerWindow} gambar setiap ${UPLOAD_QUOTA.windowSeconds / 60} menit. Tunggu beberapa menit, lalu coba lagi.`,
  quotaExceeded: `Anda telah menggunakan seluruh ${UPLOAD_QUOTA.maxTotalBytes / MiB} MB kuota unggahan, sehingga gambar ini tidak dapat disimpan. Gunakan kembali gambar yang sudah pernah diunggah.`,
  needsOrganization: SHARED.organizationFirst,
  unknownPurpose: (purpose: unknown) =>
    `Tujuan unggahan ${JSON.stringify(typeof purpose === 'string' ? purpose.slice(0, 50) : purpose)} tidak dikenal: gunakan ${UPLOAD_PURPOSES.join(' atau ')}`,
} as const satisfies Twin<typeof UPLOAD_MESSAGES>;

export const V1_MESSAGES_ID = {
  missingToken: 'Kirim access token sebagai `Authorization: Bearer <token>`',
  invalidToken: 'Access token tidak valid atau sudah dicabut',
  channelNotEnabled: 'Access token ini tidak dapat mengirim lewat channel ini',
  missingSignature: 'Aplikasi ini mewajibkan permintaan bertanda tangan: kirim `X-Timestamp` dan `X-Signature`',
  expiredSignature: '`X-Timestamp` berselisih lebih dari 5 menit dari waktu server',
  invalidSignature: '`X-Signature` tidak cocok dengan permintaan',
  replayedSignature: 'Permintaan bertanda tangan ini sudah pernah diterima: tanda tangani setiap permintaan, termasuk percobaan ulang, dengan `X-Timestamp` baru',
  invalidPhone: '`to` harus berupa nomor telepon, misalnya +6281234567890 atau 081234567890',
  quotaExceeded: 'Sisa kuota prabayar tidak cukup untuk pesan ini',
  templateNotApproved: 'Template WhatsApp tidak ada atau belum disetujui',
  idempotencyConflict: 'Idempotency-Key ini sudah digunakan untuk isi permintaan yang berbeda',
  idempotencyKeyTooLong: '`Idempotency-Key` maksimal 255 karakter',
  rateLimited: 'Terlalu banyak permintaan atau pesan untuk aplikasi atau access token ini; kurangi laju dan coba lagi nanti',
  messageNotFound: SHARED.messageNotFound,
  whatsappNotSetUp: 'WhatsApp belum disiapkan untuk aplikasi ini: minta Pesan menghubungkan pengirim WhatsApp-nya',
  whatsappOutsideWindow: 'Teks bebas hanya dapat dikirim dalam 24 jam sejak pesan terakhir penerima; kirim template sebagai gantinya',
  templateOrText: 'Kirim `template` atau `text` bersama `to`',
  codeLength: '`code_length` harus antara 4 sampai 6',
  htmlOrText: 'Kirim `html` atau `text`',
  batchSize: '`messages` harus berupa array berisi 1 sampai 1.000 pesan',
  batchItem: 'Setiap item `messages` harus berupa objek JSON',
} as const satisfies Twin<typeof V1_MESSAGES>;

/** The button kinds of wa-send.ts WA_BUTTON_KIND_LABELS in Indonesian ('tombol 2 (URL)'). */
const WA_BUTTON_KIND_LABELS_ID: Record<WaParameterButtonKind, string> = { url: 'URL', copy_code: 'salin kode', otp: 'kode sekali pakai' };

export const WA_SEND_MESSAGES_ID = {
  paramEmpty: 'Nilai parameter tidak boleh kosong',
  paramTooLong: `Nilai parameter maksimal ${WA_PARAMETER_MAX} karakter`,
  paramName: 'Nama parameter hanya berisi huruf kecil, angka, dan garis bawah, sesuai template',
  paramsShape: (field: string) => `\`${field}\` harus berupa daftar teks (template bernomor) atau objek teks berdasarkan nama (template bernama)`,
  componentType: 'Setiap `template.components` membutuhkan `type` (header, body, button)',
  mediaLinkHttps: '`template.header_media.link` harus berupa URL https://',
  latitudeNumber: '`template.header_location.latitude` harus berupa angka',
  latitudeRange: '`template.header_location.latitude` harus antara -90 dan 90',
  longitudeNumber: '`template.header_location.longitude` harus berupa angka',
  longitudeRange: '`template.header_location.longitude` harus antara -180 dan 180',
  buttonParamsMax: '`template.button_parameters` maksimal berisi 10 nilai',
  componentsEmpty: '`template.components` tidak boleh kosong',
  componentsOrParameters: 'Kirim `components` milik Meta atau `parameters` / `header_*` / `button_parameters`, jangan keduanya',
  mediaOrLocation: 'Kirim `header_media` atau `header_location`, jangan keduanya',
  noBodyParameters: 'Body template tidak memiliki parameter',
  noHeaderParameter: 'Template tidak memiliki parameter header',
  noMediaHeader: 'Template tidak memiliki header media (gambar, video, atau dokumen)',
  noLocationHeader: 'Template tidak memiliki header lokasi',
  noButtonParameter: 'Template tidak memiliki tombol yang menerima parameter',
  missingParameter: (where: string, variable: string) => `Parameter ${where} {{${variable}}} belum dikirim`,
  namedParameters: (field: string, example: string) => `Template ini menggunakan parameter bernama: kirim \`${field}\` sebagai objek, misalnya {"${example}": "…"}`,
  unexpectedNamedParameter: (name: string, where: string, variables: string) => `Parameter \`${name}\` tidak dikenal: ${where} template ini memiliki ${variables}`,
  positionalParameters: (field: string) => `Template ini menggunakan parameter bernomor: kirim \`${field}\` sebagai daftar teks sesuai urutan, mulai dari {{1}}`,
  unexpectedPositionalParameter: (where: string, count: number) => `Parameter ${where} {{${count + 1}}} berlebih: ${where} template ini hanya memiliki ${count} parameter`,
  missingHeaderMedia: (type: string) => `\`header_media\` belum dikirim: template ini memiliki header ${mediaId(type)}; kirim {"link": "https://…"}`,
  missingHeaderLocation: '`header_location` belum dikirim: template ini memiliki header lokasi; kirim {"latitude", "longitude", "name", "address"}',
  missingButtonParameter: (button: number, kind: WaParameterButtonKind) => `Parameter untuk tombol ${button} (${WA_BUTTON_KIND_LABELS_ID[kind]}) belum dikirim`,
  unexpectedButtonParameter: (count: number) => `Parameter tombol berlebih: template ini hanya memiliki ${count} tombol yang menerima parameter`,
} as const satisfies Twin<typeof WA_SEND_MESSAGES>;

/** How to send a media header of `type` in Meta's form (wa-send.ts), in Indonesian. */
const mediaExampleId = (type: string) => `{"type": "header", "parameters": [{"type": "${type}", "${type}": {"link": "https://…"}}]} (atau {"id": "<media id>"} sebagai pengganti link)`;

export const WA_TEMPLATE_SEND_MESSAGES_ID = {
  textParameters: (where: string) => `Komponen ${where} hanya menerima parameter teks: {"type": "text", "text": "…"}`,
  parameterNames: 'Beri nama (`parameter_name`) pada semua parameter atau tidak sama sekali',
  missingMediaParameter: (format: string) =>
    `Parameter ${format.toLowerCase()} pada komponen HEADER belum dikirim: header template ini berformat ${format}; kirim ${mediaExampleId(format.toLowerCase())}`,
  wrongMediaParameter: (format: string, type: string) =>
    `Parameter HEADER salah: header template ini berformat ${format}, jadi parameternya bertipe "${format.toLowerCase()}", bukan ${type ? `"${type}"` : 'tanpa tipe'}; kirim ${mediaExampleId(format.toLowerCase())}`,
  extraMediaParameter: (format: string) => `Parameter HEADER berlebih: header ${format} hanya menerima satu parameter ${format.toLowerCase()}`,
  mediaLinkAndId: (format: string) => `Parameter ${format.toLowerCase()} pada HEADER menerima \`link\` atau \`id\` media, jangan keduanya`,
  mediaLinkInvalid: (format: string) => `\`link\` parameter ${format.toLowerCase()} pada HEADER harus berupa URL http(s) maksimal 2048 karakter`,
  mediaLinkOrId: (format: string) => `Parameter ${format.toLowerCase()} pada HEADER membutuhkan \`link\` (https://…) atau \`id\` media: kirim ${mediaExampleId(format.toLowerCase())}`,
  oneComponent: (type: string) => `Kirim hanya satu komponen ${type}`,
  unexpectedMediaParameter: (type: string, format: string | null) =>
    `Parameter HEADER ${type} tidak sesuai: ${format ? `header template ini berformat ${format}` : 'template ini tidak memiliki header'}`,
  buttonIndex: 'Komponen button membutuhkan `index` (0 untuk tombol pertama)',
  buttonTakesNoParameter: (button: number) => `Parameter tombol tidak sesuai: tombol ${button} pada template ini tidak menerima parameter`,
  missingButtonValue: (button: number) => `Parameter untuk tombol ${button} belum dikirim`,
  componentType: 'Setiap `template.components` harus berupa komponen header, body, atau button',
  missingHeaderComponent: (format: string) => `Komponen HEADER belum dikirim: header template ini berformat ${format}; kirim ${mediaExampleId(format.toLowerCase())}`,
} as const satisfies Twin<typeof WA_TEMPLATE_SEND_MESSAGES>;

export const QUOTA_MESSAGES_ID = {
  emailInvalid: 'Masukkan email yang valid',
  maxRecipients: `Jumlah penerima email sudah mencapai batas maksimal ${MAX_QUOTA_RECIPIENTS}`,
  tooManyRecipients: `Maksimal ${MAX_QUOTA_RECIPIENTS} penerima email`,
  duplicateRecipient: 'Email ini sudah ada di daftar',
  thresholdInvalid: 'Batas minimum harus berupa bilangan bulat, minimal 0',
  thresholdTooLarge: `Batas minimum maksimal ${MAX_QUOTA_THRESHOLD}`,
  duplicateType: SHARED.channelOnce,
  saved: 'Data kuota saldo Anda berhasil diperbarui',
  saveFailed: 'Gagal memperbarui pengaturan kuota saldo',
  loadFailed: 'Gagal memuat kuota',
  warningBadge: 'Peringatan Penggunaan Kuota',
  leaveTitle: 'Tinggalkan halaman ini?',
  leaveText: 'Ada perubahan yang belum disimpan. Jika Anda keluar, perubahan tersebut akan hilang.',
  noApplications: SHARED.noApplications,
  postPaidOnly: 'Peringatan kuota hanya berlaku untuk aplikasi prabayar. Aplikasi ini pascabayar, jadi tidak ada kuota yang perlu diperingatkan.',
} as const satisfies Twin<typeof QUOTA_MESSAGES>;

export const DASHBOARD_MESSAGES_ID = {
  rangeTooLong: SHARED.rangeTooLong,
  rangeInvalid: SHARED.rangeInvalid,
  loadFailedTitle: SHARED.errorTitle,
  loadFailed: 'Terjadi kesalahan atau data kosong',
  downloaded: SHARED.downloaded,
} as const satisfies Twin<typeof DASHBOARD_MESSAGES>;

const tooLongId = (label: string, max: number | bigint) => `${label} maksimal ${max} karakter`;
/** Media kinds a template header names, in Indonesian. */
const MEDIA_ID: Record<string, string> = { image: 'gambar', video: 'video', document: 'dokumen', location: 'lokasi', file: 'file', text: 'teks' };
const mediaId = (format: string) => MEDIA_ID[format.toLowerCase()] ?? format.toLowerCase();

export const WA_TEMPLATE_MESSAGES_ID = {
  nameRequired: 'Nama template wajib diisi',
  nameTaken: SHARED.templateNameTaken,
  nameNotValid: 'Template tidak valid',
  categoryRequired: 'Kategori wajib dipilih',
  languageRequired: 'Bahasa wajib dipilih',
  bodyRequired: 'Body wajib diisi',
  footerRequired: 'Footer wajib diisi',
  fillEveryField: 'Silakan isi setiap kolom dengan nilai yang valid!',
  invalidUrl: 'Masukkan URL yang valid',
  sampleUrlRequired: 'Contoh URL wajib diisi.',
  maxTwoButtons: 'maks. 2 tombol',
  maxOneButton: 'maks. 1 tombol',
  submitTitle: 'Apakah template yang akan Anda ajukan sudah benar?',
  submitNotSure: 'Saya belum yakin',
  submitYes: 'Ya, Ajukan',
  rejectedBanner: 'Template ini ditolak',
  notFound: SHARED.templateNotFound,
  duplicateConfirm: SHARED.duplicateConfirm,
  deleteConfirm: SHARED.deleteConfirm,
  drafted: SHARED.drafted,
  created: SHARED.created,
  deleted: SHARED.deleted,
  duplicated: SHARED.duplicated,

  categoryUnknown: 'Kategori harus MARKETING, UTILITY, atau AUTHENTICATION',
  componentType: 'Setiap komponen membutuhkan `type`: HEADER, BODY, FOOTER, atau BUTTONS',
  componentDuplicate: (type: string) => `Template hanya boleh memiliki satu komponen ${type}`,
  headerFormat: '`format` header harus TEXT, IMAGE, VIDEO, DOCUMENT, atau LOCATION',
  buttonType: 'Setiap tombol membutuhkan `type`: QUICK_REPLY, URL, PHONE_NUMBER, COPY_CODE, atau OTP',
  consoleButtonType: 'Setiap tombol membutuhkan `type`: QUICK_REPLY, MARKETING_OPT_OUT, URL, PHONE_NUMBER, COPY_CODE, atau OTP',
  otpType: 'Tombol OTP membutuhkan `otp_type`: COPY_CODE, ONE_TAP, atau ZERO_TAP',
  headerType: '`type` header harus none, text, image, video, document, atau location',
  footerType: '`type` footer harus none atau text',

  nameTooLong: tooLongId('Nama template', 512),
  nameFormat: 'Nama template hanya boleh berisi huruf kecil, angka, dan garis bawah, tanpa spasi atau karakter khusus',

  headerTextRequired: 'Teks header wajib diisi',
  headerTooLong: tooLongId('Teks header', 60),
  headerOneVariable: 'Teks header maksimal berisi satu variabel',
  headerMediaSample: (format: string) => `Header: tambahkan contoh ${mediaId(format)} untuk header ${mediaId(format)}`,
  headerMediaNotFound: (format: string) => `Header: contoh ${mediaId(format)} tidak ditemukan di antara unggahan Anda; unggah ulang`,
  headerMediaNoAppId: (format: string) =>
    `Header: contoh ${mediaId(format)} tidak dapat dikirim ke Meta karena WHATSAPP_APP_ID (ID aplikasi Meta) server ini belum diatur; minta operatornya mengaturnya, atau gunakan header tanpa media`,
  headerInAuth: 'Template autentikasi tidak memiliki header',

  bodyTooLong: tooLongId('Body', 1024),
  bodyStartsWithVariable: 'Body tidak boleh diawali variabel: mulailah dengan kata',
  bodyEndsWithVariable: 'Body tidak boleh diakhiri variabel: akhiri dengan kata',
  bodyAdjacentVariables: (a: string, b: string) => `Body: sisipkan kata di antara ${a} dan ${b}`,
  bodyTooManyVariables: (variables: number, words: number) =>
    `Body memiliki terlalu banyak variabel untuk panjangnya: ${variables} variabel membutuhkan minimal ${2 * variables + 1} kata selain variabel (saat ini ${words})`,
  bodyCustomInAuth: 'Template autentikasi menggunakan body bawaan WhatsApp: aktifkan atau nonaktifkan rekomendasi keamanan, bukan menulisnya sendiri',

  footerTooLong: tooLongId('Footer', 60),
  footerVariables: 'Footer tidak boleh berisi variabel',
  footerCustomInAuth: 'Template autentikasi menggunakan footer bawaan WhatsApp: atur masa berlaku kode, bukan menulisnya sendiri',
  codeExpiryRange: 'Masa berlaku kode harus antara 1 dan 90 menit',

  variableMalformed: (where: string, raw: string) => `${where}: tulis variabel sebagai {{1}} atau {{nama}} (huruf kecil, angka, dan garis bawah): ${raw}`,
  variableForbiddenChars: (where: string, raw: string) => `${where}: variabel tidak boleh berisi #, $, atau %: ${raw}`,
  variableUnclosed: (where: string) => `${where}: ada variabel yang tidak memiliki {{ atau }}`,
  variableSequence: (where: string, missing: string) => `${where}: beri nomor variabel mulai dari {{1}} tanpa terlewat ({{${missing}}} tidak ada)`,
  variablesMixed: 'Gunakan variabel bernomor ({{1}}) atau variabel bernama ({{nama}}) dalam satu template, jangan keduanya',
  variablesFormat: (format: 'POSITIONAL' | 'NAMED') =>
    format === 'NAMED'
      ? 'Template ini menggunakan variabel bernama ({{nama}}): variabel bernomor ({{1}}) tidak diperbolehkan'
      : 'Template ini menggunakan variabel bernomor ({{1}}): variabel bernama ({{nama}}) tidak diperbolehkan',
  variableSample: (where: string, variable: string) => `${where}: tambahkan contoh untuk ${variable}`,

  buttonsEmpty: 'Tombol: tambahkan tombol atau hapus bagian tombol',
  buttonsTooMany: 'Tombol: maksimal 10 tombol',
  buttonsUrlMax: 'Tombol: maksimal 2 tombol Kunjungi Situs Web',
  buttonsPhoneMax: 'Tombol: maksimal 1 tombol Telepon Nomor',
  buttonsCopyCodeMax: 'Tombol: maksimal 1 tombol Salin Kode Penawaran',
  buttonsOptOutMax: 'Tombol: maksimal 1 tombol Berhenti berlangganan marketing',
  buttonsOtpMax: 'Tombol: maksimal 1 tombol OTP',
  buttonsGrouping: 'Tombol: kelompokkan balasan cepat, sebelum atau sesudah tombol ajakan bertindak',
  buttonsAuthOtp: 'Template autentikasi membutuhkan tepat satu tombol: tombol OTP (salin kode atau isi otomatis)',

  buttonTextRequired: (label: string) => `${label}: teks tombol wajib diisi`,
  buttonTextTooLong: (label: string) => tooLongId(`${label}: teks tombol`, 25),
  autofillTextTooLong: (label: string) => tooLongId(`${label}: teks isi otomatis`, 25),
  urlRequired: (label: string) => `${label}: URL situs web wajib diisi`,
  urlTooLong: tooLongId('URL situs web', 2000),
  urlVariable: (label: string) => `${label}: URL situs web hanya menerima satu variabel, {{1}}, di bagian akhir`,
  phoneRequired: (label: string) => `${label}: nomor telepon wajib diisi`,
  phoneInvalid: (label: string) => `${label}: masukkan nomor telepon yang valid untuk negaranya, beserta kode negaranya (periksa jumlah digitnya)`,
  promoCodeRequired: (label: string) => `${label}: tambahkan contoh kode promo`,
  promoCodeTooLong: tooLongId('Contoh kode promo', 15),
  optOutMarketingOnly: 'Tombol Berhenti berlangganan marketing hanya untuk template marketing',
  optOutTerms: 'Berhenti berlangganan marketing: centang kotak untuk menyetujui ketentuannya',
  otpAuthOnly: 'Tombol OTP hanya untuk template autentikasi',
  supportedAppsRequired: (label: string) => `${label}: isi otomatis membutuhkan aplikasi Android Anda: tambahkan nama package dan hash tanda tangannya`,
  supportedAppsTooMany: (label: string) => `${label}: maksimal 5 aplikasi Android`,
  packageNameInvalid: (label: string) => `${label}: nama package harus berupa nama package Android, misalnya com.example.app`,
  signatureHashInvalid: (label: string) => `${label}: hash tanda tangan harus 11 karakter (huruf, angka, +, /, atau =)`,
  zeroTapTerms: (label: string) => `${label}: zero-tap membutuhkan persetujuan ketentuannya`,
  codeExpiryWhole: 'Masa berlaku kode harus berupa bilangan bulat (menit)',
  bodyExampleOneList: '`example.body_text` pada body hanya berisi satu daftar contoh',
  urlOneSample: 'Tombol URL hanya menerima satu contoh URL',
  parameterFormat: '`parameter_format` harus POSITIONAL atau NAMED',
  componentsList: '`components` harus berupa daftar HEADER, BODY, FOOTER, dan BUTTONS',
  languageUnsupported: (code: string) => `Bahasa tidak didukung: ${code} (gunakan salah satu kode Meta, misalnya en_US atau id)`,
  statusRequired: 'Status wajib diisi',
  statusUnknown: (status: string) => `Status template tidak dikenal: ${status}`,
} as const satisfies Twin<typeof WA_TEMPLATE_MESSAGES>;

export const CONSOLE_MESSAGES_ID = {
  errorTitle: SHARED.errorTitle,
  successTitle: 'Berhasil',
  termsNotAccepted: 'Anda belum menyetujui Syarat dan Ketentuan',
} as const satisfies Twin<typeof CONSOLE_MESSAGES>;

export const REPORT_MESSAGES_ID = {
  title: 'Buat Laporan',
  subtitle: 'Anda dapat membuat laporan tingkat keberhasilan berdasarkan rentang tanggal & status.',
  nameRequired: 'Nama laporan wajib diisi',
  statusRequired: 'Status wajib dipilih',
  typeRequired: 'Tipe wajib dipilih',
  channelRequired: 'Channel wajib dipilih',
  dateRequired: 'Tanggal wajib diisi',
  rangeTooLong: SHARED.rangeTooLong,
  rangeInvalid: SHARED.rangeInvalid,
  statusNotOfChannel: 'Status tidak termasuk dalam channel yang dipilih',
  generated: 'Berhasil! Laporan baru telah dibuat!',
  errorTitle: SHARED.errorTitle,
  downloaded: SHARED.downloaded,
  empty: SHARED.emptySearch,
  notReady: 'Laporan belum siap: unduh setelah statusnya Done',
  notFound: 'Laporan tidak ditemukan',
  interrupted: 'Pembuatan laporan terhenti; silakan buat ulang laporan',
  statusUnknown: 'Status laporan tidak dikenal',
  tooManyPending: `Organisasi Anda sudah memiliki ${REPORT_PENDING_LIMIT} laporan berstatus Persiapan atau Diproses, jumlah maksimal sekaligus. Buat laporan ini setelah salah satunya selesai.`,
} as const satisfies Twin<typeof REPORT_MESSAGES>;

export const DOCS_MESSAGES_ID = {
  sidebarTitle: 'Dokumentasi API',
  searchPlaceholder: 'Cari bantuan...',
  noMenu: 'Maaf, belum ada menu!',
  responseTitle: 'Respons',
  notFound: 'Halaman dokumentasi tidak ditemukan',
  operatorOnly: 'Hanya operator yang dapat mengubah dokumentasi',
  descriptionRequired: 'Deskripsi wajib diisi',
  descriptionExists: 'Halaman dokumentasi ini sudah memiliki deskripsi: ubah deskripsi tersebut',
  descriptionExistsDetail: 'Halaman dokumentasi ini sudah memiliki deskripsi',
} as const satisfies Twin<typeof DOCS_MESSAGES>;

export const RECORDS_MESSAGES_ID = {
  rangeTooLong: SHARED.rangeTooLong,
  rangeInvalid: SHARED.rangeInvalid,
  empty: 'Maaf, kami tidak menemukan hasil apa pun',
  emptyHint: 'Coba ubah kata kunci pencarian atau filter Anda untuk menemukan yang Anda cari.',
  noData: 'Tidak ada data',
  olderThanRetention: (firstDay: string, days: number) =>
    `Pesan yang lebih lama dari ${firstDay} tidak lagi disimpan (masa simpan: ${days} hari). Pilih rentang mulai ${firstDay}.`,
} as const satisfies Twin<typeof RECORDS_MESSAGES>;

export const WA_TEMPLATE_API_MESSAGES_ID = {
  notFound: SHARED.templateNotFound,
  notEditable: 'Hanya template berstatus Draf atau Ditolak yang dapat diubah',
  nameTaken: SHARED.templateNameTaken,
  drafted: SHARED.drafted,
  created: SHARED.created,
  deleted: SHARED.deleted,
  duplicated: SHARED.duplicated,
  duplicateConfirm: SHARED.duplicateConfirm,
  deleteConfirm: SHARED.deleteConfirm,
  empty: SHARED.emptySearch,
  selectAtLeastOne: 'Pilih minimal satu template',
  applicationRequired: 'Aplikasi wajib dipilih',
  invalidTemplate: 'Data template tidak valid',
  badCursor: '`after` bukan cursor dari daftar ini',
  nameTakenInLanguage: (name: string, language: string) => `Template bernama ${name} sudah ada dalam bahasa ${language}`,
} as const satisfies Twin<typeof WA_TEMPLATE_API_MESSAGES>;

export const WEBHOOK_MESSAGES_ID = {
  urlRequired: 'URL endpoint wajib diisi',
  urlInvalid: 'URL endpoint harus berupa URL yang valid',
  urlHttps: 'URL endpoint harus diawali https://',
  urlTooLong: 'URL endpoint maksimal 2048 karakter',
  urlCredentials: 'URL endpoint tidak boleh berisi nama pengguna atau kata sandi',
  urlPrivate: 'URL endpoint harus dapat dijangkau dari internet: alamatnya mengarah ke alamat privat, loopback, atau link-local',
  urlUnresolvable: 'Host URL endpoint tidak dapat ditemukan',
  noEndpoint: 'Atur URL endpoint terlebih dahulu',
  endpointDisabled: 'Aktifkan endpoint terlebih dahulu',
  saved: 'Pengaturan webhook berhasil disimpan',
  rotated: 'Secret berhasil diganti. Secret lama masih berlaku selama 24 jam.',
  testSent: 'Event uji berhasil dikirim',
  redelivered: 'Pengiriman ulang telah dijadwalkan',
  deliveryNotFound: 'Pengiriman tidak ditemukan',
  disabledGone: 'Endpoint menjawab 410 Gone',
  disabledFailing: 'Semua pengiriman gagal selama 3 hari',
  messageIdInvalid: '`message_id` harus berupa ID pesan',
} as const satisfies Twin<typeof WEBHOOK_MESSAGES>;

export const ORGANIZATION_MESSAGES_ID = {
  nameRequired: 'Nama unit bisnis wajib diisi',
  phoneRequired: 'Telepon bisnis wajib diisi',
  phoneInvalid: 'Telepon bisnis tidak valid',
  addressRequired: 'Alamat wajib diisi',
  websiteInvalid: 'Website tidak valid',
  timeZoneInvalid: 'Zona waktu tidak valid: pilih zona dari daftar (misalnya Asia/Jakarta)',
  updated: 'Data organisasi Anda berhasil diperbarui',
  created: 'Organisasi Anda berhasil dibuat. Silakan masuk kembali untuk melanjutkan.',
  alreadyHasOrganization: 'Anda sudah tergabung dalam sebuah organisasi',
} as const satisfies Twin<typeof ORGANIZATION_MESSAGES>;

export const TEAMS_MESSAGES_ID = {
  roleInvalid: 'Pilih peran: owner, admin, developer, atau viewer',
  roleForbidden: 'Peran Anda tidak mengizinkan tindakan ini. Minta owner atau admin organisasi Anda.',
  twoFactorSetupFirst: 'Organisasi Anda mewajibkan masuk dua langkah. Atur terlebih dahulu di halaman Keamanan.',
  lastOwner: 'Organisasi harus memiliki setidaknya satu owner: jadikan anggota lain owner terlebih dahulu',
  ownersOnly: 'Hanya owner yang dapat menambah, mengubah, atau menghapus owner',
  notYourself: 'Anda tidak dapat mengubah peran Anda sendiri atau menghapus diri Anda di sini',
  memberNotFound: 'Anggota tidak ditemukan',
  memberRemoved: 'Anggota dihapus',
  roleChanged: 'Peran diubah',
  invitationSent: 'Undangan terkirim',
  invitationRevoked: 'Undangan dibatalkan',
  invitationNotFound: 'Tautan undangan ini tidak valid, kedaluwarsa, dibatalkan, atau sudah digunakan',
  invitationWrongAccount: 'Undangan ini untuk alamat email lain. Keluar lalu masuk dengan alamat yang diundang.',
  alreadyMember: 'Orang ini sudah menjadi anggota organisasi Anda',
  alreadyInvited: 'Alamat ini sudah memiliki undangan yang menunggu',
  otherOrganization: 'Akun ini sudah tergabung dalam organisasi lain',
  invitationAccepted: 'Selamat datang di organisasi',
  codeRequired: 'Masukkan kode 6 digit dari aplikasi autentikator Anda',
  codeInvalid: 'Kode salah. Periksa aplikasi autentikator Anda dan coba lagi.',
  recoveryCodeInvalid: 'Kode pemulihan salah',
  challengeEnded: 'Proses masuk ini sudah kedaluwarsa atau terlalu banyak kode salah. Silakan masuk kembali.',
  twoFactorAlreadyOn: 'Masuk dua langkah sudah aktif',
  twoFactorNotSetUp: 'Mulai pengaturan terlebih dahulu: pindai kode QR, lalu masukkan kode',
  twoFactorOff: 'Masuk dua langkah tidak aktif',
  twoFactorEnabled: 'Masuk dua langkah aktif',
  twoFactorDisabled: 'Masuk dua langkah telah dinonaktifkan',
  twoFactorRequiredCannotDisable: 'Organisasi Anda mewajibkan masuk dua langkah: tidak dapat dinonaktifkan',
  passwordWrong: 'Password salah',
  sessionNotFound: 'Sesi tidak ditemukan',
  sessionRevoked: 'Sesi diakhiri',
  otherSessionsRevoked: 'Semua sesi lain diakhiri',
  securitySaved: 'Pengaturan keamanan disimpan',
  auditRangeInvalid: 'Tanggal akhir harus sama dengan atau setelah tanggal mulai',
  twoFactorSelfFirst: 'Aktifkan masuk dua langkah untuk diri Anda sendiri terlebih dahulu',
  accountExists: 'Akun dengan alamat email ini sudah ada. Masuk dengan akun tersebut untuk menerima undangan.',
  invitationMailLimit: 'Terlalu banyak email dikirim ke alamat ini. Coba lagi dalam 15 menit.',
} as const satisfies Twin<typeof TEAMS_MESSAGES>;

export const RESOURCE_NAMES_ID = {
  resource: 'Data',
  user: 'Pengguna',
  file: 'File',
  application: 'Aplikasi',
  report: 'Laporan',
  reportFile: 'File laporan',
  organization: 'Organisasi',
  link: 'Tautan',
  message: 'Pesan',
  template: 'Template',
} as const satisfies Twin<typeof RESOURCE_NAMES>;

export const SERVER_MESSAGES_ID = {
  sessionEnded: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
  crossOriginRefused: 'Permintaan lintas domain ditolak',
  notFound: (what: string) => `${what} tidak ditemukan`,
  applicationIdNotFound: (id: string) => `Aplikasi ${id} tidak ditemukan`,
  noRoute: (method: string, path: string) => `Rute ${method} ${path} tidak ada`,
  pathInvalid: 'Path permintaan tidak valid',
  invalidValue: 'Nilai tidak valid',
  invalidRequest: 'Permintaan tidak valid',
  moreProblems: (n: number) => `…dan ${n} masalah lainnya`,
  unsupportedContentType: (type: string) => `Content type '${type}' tidak didukung: kirim application/json`,
  unsupportedContentTypeNone: 'Content type tidak didukung: kirim application/json',
  emptyJsonBody: "Isi permintaan tidak boleh kosong jika content-type adalah 'application/json'",
  invalidJsonBody: "Isi permintaan bukan JSON yang valid, padahal content-type adalah 'application/json'",
  bodyTooLarge: 'Isi permintaan terlalu besar',
  internalError: 'Terjadi kesalahan di sistem kami. Silakan coba lagi.',
  rangeOutsideFile: 'Rentang yang diminta berada di luar file',
  bodyEmpty: 'Isi permintaan kosong',
  bodyNotJson: 'Isi permintaan bukan JSON yang valid',
  verifyTokenMismatch: 'Verify token tidak cocok',
  hubSignatureMismatch: 'X-Hub-Signature-256 tidak ada atau tidak cocok dengan isi permintaan',
  notWhatsappWebhook: 'Isi permintaan bukan webhook WhatsApp Business Account',
  quotaOverflow: (type: string, max: number) => `Kuota ${type} akan melebihi ${max} unit`,
  phoneNumberIdTaken: (id: string) => `Phone number id ${id} sudah digunakan untuk mengirim dari aplikasi lain`,
  phoneNumberIdTakenDetail: 'sudah digunakan oleh aplikasi lain',
  noUserWithEmail: (email: string) => `Tidak ada pengguna dengan email ${email}`,
} as const satisfies Twin<typeof SERVER_MESSAGES>;

export const VALIDATION_MESSAGES_ID = {
  pageTooLarge: (max: number) => `page maksimal ${max}`,
  mustBeDate: (name: string) => `${name} harus berupa tanggal (YYYY-MM-DD)`,
  mustBeDateOrIso: (name: string) => `${name} harus berupa tanggal (YYYY-MM-DD) atau tanggal-waktu ISO`,
  mustBeIso: (name: string) => `${name} harus berupa tanggal-waktu ISO`,
  realDateBetweenYears: (name: string, from: number, to: number) => `${name} harus berupa tanggal yang valid antara tahun ${from} dan ${to}`,
  realDayBetweenYears: (name: string, from: number, to: number) => `${name} harus berupa hari yang valid antara tahun ${from} dan ${to}`,
  betweenYears: (name: string, from: number, to: number) => `${name} harus berada di antara tahun ${from} dan ${to}`,
  mustBeEmail: (name: string) => `${name} harus berupa alamat email`,
  unknownChannel: 'Channel tidak dikenal',
  pickBothDates: 'Pilih tanggal awal dan akhir rentang',
  textNul: (name: string) => `${name} tidak boleh berisi karakter NUL (\\u0000)`,
  controlCharacters: (name: string) => `${name} tidak boleh berisi karakter kontrol`,
  noVisibleCharacter: (name: string) => `${name} harus berisi setidaknya satu karakter yang terlihat`,
  textSurrogate: (name: string) => `${name} harus berupa teks Unicode yang valid (berisi surrogate tunggal seperti \\ud800)`,
  textNulInKey: (name: string) => `${name} tidak boleh berisi karakter NUL (\\u0000) pada nama kolom`,
  textSurrogateInKey: (name: string) => `${name} harus berupa teks Unicode yang valid (berisi surrogate tunggal seperti \\ud800) pada nama kolom`,
} as const satisfies Twin<typeof VALIDATION_MESSAGES>;

export const FIELD_LABELS_ID = {
  email: 'Email',
  password: 'Kata sandi',
  passwordConfirmation: 'Konfirmasi kata sandi',
  fullName: 'Nama lengkap',
  phoneNumber: 'Nomor telepon',
  currentPassword: 'Kata sandi saat ini',
  senderName: 'Nama pengirim',
  senderNumber: 'Nomor pengirim',
  senderImageUrl: 'URL gambar pengirim',
  applicationName: 'Nama aplikasi',
  search: 'Pencarian',
  businessName: 'Nama unit bisnis',
  businessPhone: 'Telepon bisnis',
  address: 'Alamat',
  website: 'Website',
  reportName: 'Nama laporan',
  templateName: 'Nama template',
  headerText: 'Teks header',
  websiteUrl: 'URL situs web',
  promoCodeSample: 'Contoh kode promo',
  requestBody: 'Isi permintaan',
  request: 'Permintaan',
} as const satisfies Twin<typeof FIELD_LABELS>;

/** zod's type names (`expected` of an invalid_type issue) in Indonesian. */
export const ZOD_TYPE_NAMES_ID: Record<string, string> = { string: 'teks', number: 'angka', boolean: 'boolean', object: 'objek', int: 'bilangan bulat', date: 'tanggal' };

export const ZOD_MESSAGES_ID = {
  bodyNotObject: 'Isi permintaan harus berupa objek JSON',
  required: (name: string) => `${name} wajib diisi`,
  mustBeList: (name: string) => `${name} harus berupa daftar`,
  mustBeType: (name: string, type: string) => `${name} harus berupa ${ZOD_TYPE_NAMES_ID[type] ?? type}`,
  atLeastNumber: (name: string, min: number | bigint) => `${name} minimal ${min}`,
  atLeastItems: (name: string, min: number | bigint) => `${name} minimal berisi ${min} item`,
  atLeastChars: (name: string, min: number | bigint) => `${name} minimal ${min} karakter`,
  atMostNumber: (name: string, max: number | bigint) => `${name} maksimal ${max}`,
  atMostItems: (name: string, max: number | bigint) => `${name} maksimal berisi ${max} item`,
  atMostChars: (name: string, max: number | bigint) => tooLongId(name, max),
  unknownFields: (keys: string) => `Kolom tidak dikenal: ${keys}`,
} as const satisfies Twin<typeof ZOD_MESSAGES>;

/** The editor's button kinds (wa-template-rules.ts BUTTON_KIND_LABELS) as messages name them ('Button 2 (Visit website)'). */
export const BUTTON_KIND_LABELS_ID: Record<string, string> = {
  'Quick reply': 'Balas Cepat',
  'Marketing opt-out': 'Penolakan Pemasaran',
  'Visit website': 'Kunjungi Situs Web',
  'Call phone number': 'Telepon Nomor',
  'Copy promo code': 'Salin Kode Penawaran',
  'One-time password': 'OTP',
};

/** Media kinds of template headers, by English name (lower case). */
export const MEDIA_KINDS_ID = MEDIA_ID;

/** The Overview's figure, status and sheet labels (dashboard-labels.ts), as the Indonesian tiles show them. */
export const DASHBOARD_LABELS_ID = {
  total_delivered: 'Total Diterima',
  total_read: 'Total Dibaca',
  total_submitted: 'Total Diajukan',
  total_rejected: 'Total Ditolak',
  total_failed: 'Total Gagal',
  total_sent: 'Total Terkirim',
  total_undelivered: 'Total Tidak Terkirim',
  total_in_queue: 'Total Dalam Antrean',
  total_in_call: 'Total Dalam Panggilan',
  total_answered: 'Total Dijawab',
  total_rna: 'Total Tidak Dijawab',
  total_user_busy: 'Total Sibuk',
  total_success: 'Total Berhasil',
  delivered: 'Diterima',
  opened: 'Dibuka',
  clicked: 'Diklik',
  failed: 'Gagal',
  unsubscribe: 'Berhenti Langganan',
  failed_server: 'Gagal Server',
  submitted: 'Diajukan',
  in_queue: 'Dalam Antrean',
  processed: 'Diproses',
  sent: 'Terkirim',
  read: 'Dibaca',
  rejected: 'Ditolak',
  undelivered: 'Tidak Terkirim',
  in_call: 'Dalam Panggilan',
  rna: 'Tidak Dijawab',
  answered: 'Dijawab',
  user_busy: 'Pengguna Sibuk',
  success: 'Berhasil',
  total_all_conversation: 'Total Percakapan',
  total_all_bussiness_initiated: 'Dimulai Bisnis',
  total_all_customer_initiated: 'Dimulai Pelanggan',
  total_all_marketing: 'Marketing',
  total_all_utility: 'Utility',
  total_all_authentication: 'Authentication',
  total: 'Total',
  business_initiated: 'Dimulai Bisnis',
  customer_initiated: 'Dimulai Pelanggan',
  marketing: 'Marketing',
  utility: 'Utility',
  authentication: 'Authentication',
  service: 'Layanan',
  total_all_service: 'Layanan',
  successRate: 'Tingkat Keberhasilan',
  failureRate: 'Tingkat Kegagalan',
  sheetSummary: 'Ringkasan',
  sheetPerDay: 'Per hari',
  sheetPerHour: 'Per jam',
  field: 'Kolom',
  value: 'Nilai',
  application: 'Aplikasi',
  channel: 'Channel',
  startDate: 'Tanggal mulai',
  endDate: 'Tanggal akhir',
  timeZone: 'Zona waktu',
  failure: 'Gagal',
  date: 'Tanggal',
  hour: 'Jam',
  channel_whatsapp: 'Whatsapp',
  channel_sms: 'SMS',
  channel_sms_otp: 'SMS OTP',
  channel_call: 'Call',
  channel_email: 'Email',
  channel_voice_otp: 'Voice OTP',
} as const satisfies Twin<typeof DASHBOARD_LABELS>;

export const VERIFY_MESSAGES_ID = {
  notFound: 'Verifikasi tidak ditemukan',
  closed: 'Verifikasi ini sudah ditutup (disetujui, kedaluwarsa, gagal, atau dibatalkan): mulai yang baru',
  countryNotAllowed: 'Aplikasi ini tidak mengirim kode verifikasi ke negara ini',
  tooManyForRecipient: 'Terlalu banyak verifikasi untuk penerima ini: paling banyak 5 per jam',
  tooManyForApplication: 'Terlalu banyak verifikasi dimulai oleh aplikasi ini: perlambat dan coba lagi nanti',
  tooManySends: 'Verifikasi ini sudah dikirim 5 kali: mulai yang baru',
  resendTooSoon: 'Tunggu 30 detik di antara dua pengiriman sebuah verifikasi',
  wrongTokenChannel: 'Token akses ini tidak dapat mengirim di channel ini: gunakan token SMS OTP untuk `sms`, token WhatsApp untuk `whatsapp`, token Call untuk `call`, dan token Email untuk `email`',
  templateRequired: '`template` wajib untuk `whatsapp`: nama template AUTHENTICATION aplikasi yang berstatus APPROVED',
  templateNotAuthentication: 'Template WhatsApp tidak ada, belum disetujui, atau bukan template AUTHENTICATION',
  emailExpected: '`to` harus berupa alamat email untuk `email`',
  codeRequired: '`code` harus 4 sampai 10 digit',
  channelInvalid: 'Pilih `channel`: sms, whatsapp, call, atau email',
} as const satisfies Twin<typeof VERIFY_MESSAGES>;
