// A company's files and documents (apps/api/src/company-files/README.md): its logo, its registration,
// secretarial, professional and financial documents with their numbers, dates and versions, the space they
// take of the company's total, and those it removed with why. Those who may change the company's profile
// upload (by keyboard: real buttons open the file picker), replace and remove; everyone who may read it
// (the company's profile readers, the platform administrator on the review) lists and downloads.
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, LinearProgress, List, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { CompanyFileView, CompanyFilesReply } from '@binaan/contracts';
import { errorCodeOf } from '../providers/admin-request.js';
import { CapWarning, forgetUsage } from '../subscriptions/CapWarning.js';
import { CompanyDocumentItem } from './CompanyDocumentItem.js';
import { CompanyLogoCard } from './CompanyLogoCard.js';
import {
  downloadCompanyFile,
  formatSize,
  listCompanyFiles,
  removeCompanyFile,
  replaceCompanyFile,
  uploadCompanyFile,
  type DocumentFields,
} from './company-files-api.js';
import { DocumentUploadDialog } from './DocumentUploadDialog.js';
import { RemoveFileDialog } from './RemoveFileDialog.js';

type Upload = { logo: boolean; replacing: CompanyFileView | null };

export function CompanyFilesTab({ companyId, readOnly = false }: { companyId: string; readOnly?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [reply, setReply] = useState<CompanyFilesReply | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [shownUpload, setShownUpload] = useState<Upload>({ logo: false, replacing: null });
  const [removing, setRemoving] = useState<CompanyFileView | null>(null);
  // Counts the lists read, so the storage warning reads the usage again after an upload or a removal.
  const [loads, setLoads] = useState(0);

  const load = useCallback(async () => {
    try {
      setReply(await listCompanyFiles(companyId));
      forgetUsage();
      setLoads((count) => count + 1);
      setFailed(null);
    } catch (error) {
      setFailed(errorCodeOf(error));
    }
  }, [companyId]);
  useEffect(() => void load(), [load]);

  // Without the profile rights the section says nothing at all (the page shows what the person may see).
  if (failed === 'noAccessRight') return null;
  const canChange = !readOnly && (reply?.canChange ?? false);
  const open = (next: Upload) => {
    setShownUpload(next);
    setUpload(next);
  };
  // Past the package's storage the refusal says so (its generic text speaks of the yearly document values).
  const refusal = (error: unknown) =>
    errorCodeOf(error) === 'subscriptionLimit'
      ? translate('admin.caps.storageRefused')
      : translate(`error.${errorCodeOf(error)}`, { _: translate('error.unknownError') });

  const send = async (fields: DocumentFields, file: File, onProgress: (percent: number) => void): Promise<string | null> => {
    try {
      if (shownUpload.replacing) await replaceCompanyFile(companyId, shownUpload.replacing.documentId, fields, file, onProgress);
      else await uploadCompanyFile(companyId, fields, file, onProgress);
    } catch (error) {
      return refusal(error);
    }
    notify('companyFiles.uploaded', { type: 'success', messageArgs: { name: file.name } });
    setUpload(null);
    await load();
    return null;
  };
  const remove = async (reason: string) => {
    if (!removing) return;
    try {
      await removeCompanyFile(companyId, removing.documentId, reason);
      notify('companyFiles.removedToast', { type: 'info', messageArgs: { title: removing.title } });
      setRemoving(null);
      await load();
    } catch (error) {
      notify(refusal(error), { type: 'error' });
    }
  };
  const download = (documentId: string) => (version: number, name: string) =>
    void downloadCompanyFile(companyId, documentId, version, name).catch((error: unknown) => notify(refusal(error), { type: 'error' }));

  return (
    <Card data-testid="company-files">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {translate('companyFiles.heading')}
          </Typography>
          {!reply && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
          {failed && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void load()}>
                  {translate('companyFiles.retry')}
                </Button>
              }
            >
              {refusal({ errorCode: failed })}
            </Alert>
          )}
          {reply && (
            <>
              <Typography variant="body2" color="text.secondary" data-testid="company-files-usage">
                {translate('companyFiles.usage', { used: formatSize(reply.totalSize), limit: formatSize(reply.totalLimit) })}
              </Typography>
              {canChange && <CapWarning storage refresh={loads} />}
              <CompanyLogoCard
                companyId={companyId}
                logo={reply.logo}
                canChange={canChange}
                onUpload={() => open({ logo: true, replacing: reply.logo })}
                onRemove={() => setRemoving(reply.logo)}
              />
              <Box>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                >
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {translate('companyFiles.documents')}
                  </Typography>
                  {canChange && (
                    <Button
                      variant="contained"
                      size="small"
                      startIcon={<AddIcon />}
                      onClick={() => open({ logo: false, replacing: null })}
                      data-testid="company-document-add"
                    >
                      {translate('companyFiles.add')}
                    </Button>
                  )}
                </Stack>
                {reply.documents.length === 0 ? (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="company-documents-none">
                    {translate('companyFiles.none')}
                  </Typography>
                ) : (
                  <List aria-label={translate('companyFiles.documents')} data-testid="company-documents">
                    {reply.documents.map((file) => (
                      <CompanyDocumentItem
                        key={file.documentId}
                        file={file}
                        canChange={canChange}
                        onDownload={download(file.documentId)}
                        onReplace={() => open({ logo: false, replacing: file })}
                        onRemove={() => setRemoving(file)}
                      />
                    ))}
                  </List>
                )}
              </Box>
              {reply.removed.length > 0 && (
                <Box>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {translate('companyFiles.removed')}
                  </Typography>
                  <List aria-label={translate('companyFiles.removed')} data-testid="company-documents-removed">
                    {reply.removed.map((file) => (
                      <CompanyDocumentItem key={file.documentId} file={file} canChange={false} onDownload={download(file.documentId)} />
                    ))}
                  </List>
                </Box>
              )}
            </>
          )}
        </Stack>
      </CardContent>
      <DocumentUploadDialog
        open={upload !== null}
        logo={shownUpload.logo}
        replacing={shownUpload.replacing}
        onClose={() => setUpload(null)}
        onSend={send}
      />
      <RemoveFileDialog file={removing} onClose={() => setRemoving(null)} onRemove={remove} />
    </Card>
  );
}
