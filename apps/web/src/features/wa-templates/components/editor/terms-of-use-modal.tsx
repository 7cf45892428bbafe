/**
 * Terms Of Use of WhatsApp templates (templates-dashboard-reports.md §2.4 'Read' button, §5.4,
 * shown in Indonesian), and the authentication variant with its Indonesian and English examples
 * (§2.5).
 */
import { Anchor, Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { authBodyText, authFooterText } from '@pesan/contracts/wa-template-languages';

/** Meta's guide to message templates (the provider's documentation the older form's Read opened). */
export const TEMPLATE_GUIDELINES_URL = 'https://developers.facebook.com/docs/whatsapp/message-templates/guidelines';

/** The rules of §5.4, in Indonesian. */
export const TERMS_OF_USE_ID = [
  'Nama template tidak boleh mengandung karakter khusus atau spasi.',
  'Header hanya boleh satu jenis: teks, media, atau tanpa header.',
  'Header hanya boleh berisi satu variabel [ ], dan satu template tidak boleh berisi dua variabel [ ] yang sama.',
  'URL harus menggunakan variabel tautan.',
  'Gambar berformat JPEG atau PNG berukuran maksimal 5 MB; video maksimal 16 MB; dokumen PDF maksimal 100 MB.',
  'Tidak boleh berisi konten promosi pada kategori yang tidak mengizinkannya.',
  'Jumlah variabel tidak boleh melebihi jumlah kata.',
  'Body maksimal 1024 karakter, termasuk variabel.',
  'Teks tombol maksimal 25 karakter; nama payload URL maksimal 20 karakter.',
  'Variabel tidak boleh berada di awal atau di akhir paragraf, dan variabel yang berdampingan harus dihubungkan dengan kata.',
] as const;

export interface TermsOfUseModalProps {
  opened: boolean;
  onClose: () => void;
  /** The authentication variant (§2.5): with example messages. */
  authentication?: boolean;
}

/** The title and Close follow the interface language; the terms themselves are Indonesian in both (§5.4). */
export function TermsOfUseModal({ opened, onClose, authentication }: TermsOfUseModalProps) {
  const { t } = useTranslation('wa-template-editor');
  return (
    <Modal opened={opened} onClose={onClose} title={t('terms.title')} size="lg" centered closeButtonProps={{ 'aria-label': t('modal.close') }}>
      <Stack gap="sm" lang="id">
        {authentication ? (
          <>
            <Text size="sm">
              Template autentikasi memakai teks baku dari WhatsApp. Isi pesan tidak dapat diubah; Anda hanya dapat menambahkan rekomendasi keamanan dan
              masa berlaku kode (1–90 menit). Jangan memasukkan URL, media, atau emoji.
            </Text>
            <Title order={3} size="h6">
              Contoh (Bahasa Indonesia)
            </Title>
            <Text size="sm" bg="gray.0" p="xs" style={{ borderRadius: 6 }}>
              {authBodyText('id', true)} {authFooterText('id', 10)}
            </Text>
            <Title order={3} size="h6">
              <span lang="en">Example (English)</span>
            </Title>
            <Text size="sm" bg="gray.0" p="xs" style={{ borderRadius: 6 }} lang="en">
              {authBodyText('en', true)} {authFooterText('en', 10)}
            </Text>
          </>
        ) : (
          <>
            <Text size="sm">Ketentuan penggunaan template WhatsApp:</Text>
            <List size="sm" spacing={6} type="ordered">
              {TERMS_OF_USE_ID.map((rule) => (
                <List.Item key={rule}>{rule}</List.Item>
              ))}
            </List>
          </>
        )}
        <Text size="sm">
          Panduan lengkap:{' '}
          <Anchor href={TEMPLATE_GUIDELINES_URL} target="_blank" rel="noreferrer" lang="en">
            WhatsApp message template guidelines
          </Anchor>
        </Text>
        <Group justify="flex-end" lang={currentLanguage()}>
          <Button onClick={onClose}>
            {t('modal.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
