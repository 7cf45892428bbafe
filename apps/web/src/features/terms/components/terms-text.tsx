/**
 * The terms-and-privacy text shown in the terms modal (console.md §1: the modal is in Indonesian;
 * §9: privacy policy 1.9, terms 1.2.2, data kept at most 5 years after last use). It stays
 * Indonesian in both interface languages; only the name of the confirm button it mentions follows
 * the button (`confirmLabel`).
 */
import { List, Stack, Text, Title } from '@mantine/core';
import { TERMS_VERSIONS } from '@pesan/contracts/terms';

export function TermsText({ confirmLabel = 'Confirm' }: { confirmLabel?: string }) {
  return (
    <Stack gap="sm" lang="id">
      <Text size="sm" c="gray.8">
        Kebijakan Privasi versi {TERMS_VERSIONS.pp_version} · Syarat dan Ketentuan versi {TERMS_VERSIONS.tnc_version}
      </Text>
      <Text size="sm">
        Selamat datang di Pesan. Syarat dan Ketentuan ini mengatur penggunaan konsol, API pesan (WhatsApp, SMS, SMS OTP,
        Panggilan, Voice OTP dan Email) serta seluruh layanan terkait yang disediakan oleh Pesan. Dengan mencentang kotak
        persetujuan dan menekan tombol {confirmLabel}, Anda menyatakan telah membaca, memahami dan menyetujui Syarat dan
        Ketentuan ini beserta Kebijakan Privasi kami, atas nama Anda sendiri maupun organisasi yang Anda wakili.
      </Text>
      <Title order={3} size="h6">
        1. Akun dan Keamanan
      </Title>
      <Text size="sm">
        Anda bertanggung jawab menjaga kerahasiaan kata sandi, token akses dan kunci privat aplikasi Anda. Setiap
        permintaan yang dikirim menggunakan token akses Anda dianggap sebagai permintaan dari organisasi Anda. Segera
        buat ulang token melalui konsol dan hubungi kami apabila Anda menduga terjadi penyalahgunaan.
      </Text>
      <Title order={3} size="h6">
        2. Penggunaan Layanan yang Diizinkan
      </Title>
      <Text size="sm">
        Layanan hanya boleh digunakan untuk mengirim pesan yang sah kepada penerima yang telah memberikan persetujuan.
        Anda dilarang mengirim pesan yang mengandung penipuan, perjudian, konten ilegal, spam, atau yang melanggar hak
        pihak lain serta ketentuan operator telekomunikasi dan penyedia platform seperti WhatsApp. Kami berhak menunda
        atau menghentikan pengiriman yang melanggar ketentuan ini.
      </Text>
      <Title order={3} size="h6">
        3. Kuota, Biaya dan Ketersediaan
      </Title>
      <Text size="sm">
        Pemakaian layanan dihitung berdasarkan kuota atau tarif yang berlaku untuk setiap kanal. Status pengiriman
        bergantung pada jaringan operator dan penyedia pihak ketiga, sehingga kami tidak menjamin setiap pesan akan
        terkirim atau terbaca, namun kami berupaya menjaga layanan tetap tersedia dan menginformasikan gangguan besar.
      </Text>
      <Title order={3} size="h6">
        4. Data Pribadi yang Kami Proses
      </Title>
      <Text size="sm">Untuk menyediakan layanan, kami memproses data berikut:</Text>
      <List size="sm" spacing={2}>
        <List.Item>data akun: nama lengkap, alamat email, nomor telepon dan foto profil;</List.Item>
        <List.Item>data organisasi: nama unit bisnis, telepon bisnis, alamat dan situs web;</List.Item>
        <List.Item>data transaksi: nomor atau alamat penerima, isi pesan, waktu dan status pengiriman;</List.Item>
        <List.Item>data teknis: alamat IP, jenis peramban dan catatan akses untuk keamanan.</List.Item>
      </List>
      <Title order={3} size="h6">
        5. Penyimpanan dan Penghapusan Data
      </Title>
      <Text size="sm">
        Data disimpan selama akun Anda aktif dan paling lama 5 (lima) tahun sejak terakhir kali layanan digunakan,
        kecuali peraturan perundang-undangan mewajibkan jangka waktu yang berbeda. Setelah itu data dihapus atau
        dianonimkan secara permanen. Anda dapat meminta salinan, perbaikan atau penghapusan data pribadi Anda melalui
        tim dukungan kami.
      </Text>
      <Title order={3} size="h6">
        6. Berbagi Data dengan Pihak Ketiga
      </Title>
      <Text size="sm">
        Kami hanya membagikan data kepada operator telekomunikasi, penyedia platform pesan dan penyedia infrastruktur
        sejauh diperlukan untuk mengirimkan pesan Anda, atau apabila diwajibkan oleh hukum. Kami tidak menjual data
        pribadi Anda kepada pihak mana pun.
      </Text>
      <Title order={3} size="h6">
        7. Perubahan Ketentuan
      </Title>
      <Text size="sm">
        Kami dapat memperbarui Syarat dan Ketentuan maupun Kebijakan Privasi ini. Setiap versi baru akan ditampilkan di
        konsol dan perlu Anda setujui kembali sebelum Anda dapat terus menggunakan layanan. Ketentuan ini tunduk pada
        hukum Republik Indonesia.
      </Text>
    </Stack>
  );
}
