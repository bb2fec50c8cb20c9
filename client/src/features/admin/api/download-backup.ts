// A backup's archive downloads by the browser itself (a link): a ZIP of the whole database is no answer to hold in
// the page's memory. The server records each download in the audit log.
export const backupDownloadUrl = (id: string) => `/api/admin/backups/${id}/download`;
