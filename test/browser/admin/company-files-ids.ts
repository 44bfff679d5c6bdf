// Files for the accessibility sweep's company pages: Teguh Bina (the sweep's administrator's company, its
// /administration/company) and Baru Consult (the platform administrator's review of it) each get a logo and
// a document expiring within the reminder's month, so the sweep checks the files section as a company sees
// it with files, not only its empty state. Sent through the api as the company's administrator would.
import { apiSession } from './fixtures.js';

const LOGO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export async function companyFilesShown(baseURL: string): Promise<void> {
  for (const [email, companyId] of [
    ['aminah@teguhbina.my', 'teguh-bina'],
    ['nurul@baruconsult.my', 'baru-consult'],
  ] as const) {
    const session = await apiSession(baseURL, email, companyId);
    const listed = await session.call<{ logo: unknown; documents: unknown[] }>('GET', `/api/company-files/${companyId}`);
    const send = async (query: string, name: string, type: string, bytes: Buffer) => {
      const reply = await fetch(`${baseURL}/api/company-files/${companyId}?${query}`, {
        method: 'POST',
        body: new Uint8Array(bytes),
        headers: {
          authorization: `Bearer ${session.token}`,
          'content-type': 'application/octet-stream',
          'x-file-name': encodeURIComponent(name),
          'x-file-type': type,
        },
      });
      if (reply.status !== 201) throw new Error(`${name} for ${companyId} was refused: ${reply.status} ${await reply.text()}`);
    };
    if (!listed.json.logo) await send('category=logo', 'logo.png', 'image/png', LOGO);
    if (listed.json.documents.length === 0) {
      const expiresOn = new Date(Date.now() + 8 * 3_600_000 + 20 * 86_400_000).toISOString().slice(0, 10);
      await send(
        `category=insurance&title=${encodeURIComponent('Contractor all risks policy')}&referenceNo=CAR-2026-0042&expiresOn=${expiresOn}`,
        'policy.pdf',
        'application/pdf',
        PDF,
      );
    }
  }
}
