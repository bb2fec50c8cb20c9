// Every error the API answers, as a stable code and its English text. The server answers `{ code, message }` with
// this text (the product's own wording); the client shows the reader's language for the code (the `errors`
// catalogue namespace, whose English is this table) and falls back to the message. Texts may hold `{{param}}`.
// Invalid input (the shared zod schemas) answers `common.invalid_input` with the first problem's own message and a
// message per field: those messages are English texts the client translates through its `validation` namespace.

export const ERROR_MESSAGES = {
  'common.internal': 'Something went wrong on our side. Please try again.',
  'common.invalid_input': 'Invalid request',
  'common.not_found': 'Not found',
  'common.no_api_route': 'No API route for {{method}} {{path}}',
  'common.invalid_json': 'The request body is not valid JSON',
  'common.body_too_large': 'The request body is too large',
  'common.encoding_unsupported': 'The request body encoding is not supported',
  'common.charset_unsupported': 'The request body charset is not supported',
  'common.request_aborted': 'The request was aborted',
  'common.request_refused': 'Request refused',
  'common.rate_limited': 'Too many attempts. Please wait a few minutes and try again.',
  'common.unavailable': 'The service is briefly unavailable. Please try again in a moment.',
  'common.cross_site': 'Requests from other sites are not allowed',
  'common.invalid_cursor': 'The page cursor is not valid',

  'auth.sign_in_required': 'Please sign in to continue',
  'auth.wrong_account_type': 'This is not available for your account type',
  'auth.admin_only': 'Only administrators can do this',
  'auth.email_taken': 'An account with this e-mail already exists. Please sign in.',
  'auth.email_taken_by_password': 'An account with this e-mail already exists. Please sign in with your e-mail and password instead.',
  'auth.wrong_credentials': 'Incorrect e-mail or password',
  'auth.wrong_current_password': 'Your current password is not correct',
  'auth.suspended': 'This account is suspended. Please contact support.',
  'auth.role_already_set': 'Your account type is already set',
  'auth.verify_link_used': 'This link has expired or was already used. Sign in to get a new one.',
  'auth.choose_password_again': 'Please open the link again and choose a password.',
  'auth.verify_wrong_password': 'This is not the password you chose when you signed up. Try again, or choose a new password.',
  'auth.reset_link_used': 'This link has expired or was already used. Please ask for a new one.',
  'auth.provider_unidentified': 'The sign-in provider did not identify the account',
  'auth.busy': 'Many people are signing in right now. Please try again in a few seconds.',
  'auth.account_deleted': 'This account has been deleted.',
  'auth.session_not_found': 'This device is already signed out',

  'account.password_required': 'Please enter your password to delete your account',
  'account.fresh_sign_in_required': 'Please sign in again with {{provider}} to confirm it is you, then delete your account.',
  'account.last_admin': 'You are the last administrator. Make someone else an administrator before you delete your account.',

  'export.link_invalid': 'This download link is not valid',
  'export.link_expired': 'This download link has expired. You can prepare a new copy of your data on your account page.',

  'profile.not_found': 'Profile not found',
  'profile.looking_link_used': 'This link has expired or was already used. You can say you are still looking on your profile page.',
  'profile.activity_link_invalid': 'This link is not valid. You can turn the weekly e-mail off on your profile page.',
  'profile.exists': 'You already have a profile',
  'profile.cv_required': 'Please upload your CV',
  'profile.video_required': 'Please upload your introduction video',

  'upload.not_found': 'Upload not found. Please upload the file again.',
  'upload.link_unknown': 'This upload link is not valid',
  'upload.link_invalid': 'This upload link is not valid',
  'upload.link_expired': 'This upload link has expired. Please try again.',
  'upload.link_used': 'This upload link was already used. Please upload the file again.',
  'upload.too_large': 'The file is too large',
  'upload.not_arrived': 'The file did not arrive. Please upload it again.',
  'upload.document_too_large': 'The file must be 5MB or smaller',
  'upload.empty': 'The file is empty',
  'upload.document_type': 'Please upload a PDF, DOC or DOCX file',
  'upload.image_type': 'Please upload a JPEG, PNG or WebP image',
  'upload.licence_type': 'Please upload the licence as a PDF or an image (JPEG, PNG or WebP)',
  'file.not_found': 'File not found',

  'video.not_multipart': 'Please send the video as a multipart form',
  'video.interrupted': 'The upload was interrupted. Please try again.',
  'video.missing': 'Please choose a video to upload',
  'video.too_large': 'Video must be less than 100MB',
  'video.wrong_type': 'Please upload an MP4, MOV, or AVI file',
  'video.upload_unsupported': 'This way of uploading is not supported. Please upload the video again from the page.',
  'employer.not_found': 'We could not find this employer. Please check the link.',
  'video.unreadable': 'We could not play this video file. Please record or upload your video again.',
  'video.processing_failed': 'We could not prepare your video. Please upload it again.',

  'career.resume_not_found': 'Your resume upload was not found. Please upload your resume again.',
  'career.resume_used': 'This resume was already sent with an application. Please upload your resume again.',

  'candidate.not_found': 'This job seeker is not available',
  'searches.not_found': 'This saved search does not exist',
  'searches.name_taken': 'You already have a saved search with this name',
  'searches.limit': 'You can keep up to {{max}} saved searches. Please delete one first.',
  'searches.link_invalid': 'This link is not valid. Please use the newest e-mail, or change the alert on the Job Seeker Database.',

  'company.subscription_inactive': 'Your subscription is not active. Please renew it to search job seekers.',
  'company.exists': 'Your company profile already exists',
  'company.profile_not_found': 'Company profile not found',
  'company.renewal_suspended': 'Your account is suspended. Please contact support.',
  'company.renewal_never_paid': 'Please pay your first invoice. Your subscription starts when we receive it.',
  'company.renewal_unpaid': 'You already have an unpaid invoice',
  'company.renewal_team_too_large': 'This plan has {{seats}} seats, and your team takes {{used}}, open invitations included. Remove colleagues or invitations first, or choose a larger plan.',
  'company.licence_expired': 'This licence has expired. Please give the licence that runs now.',
  'invoice.not_found': 'Invoice not found',
  'team.owner_only': "Only your company's owner can do this",
  'team.billing_hidden': "Only your company's owner and admins can see the billing",
  'team.pay_first': 'You can invite colleagues once your first payment is verified.',
  'team.no_seats': 'Your plan has {{seats}} seats, and they are all taken. Remove a colleague or an invitation first, or choose a larger plan.',
  'team.already_member': 'This person is already in your team',
  'team.already_invited': 'This person already has an open invitation',
  'team.invitation_not_found': 'This invitation does not exist or is no longer open',
  'team.invitation_invalid': 'This invitation link has expired, was withdrawn or was already used. Please ask for a new one.',
  'team.invitation_other_email': 'This invitation is for {{email}}. Please sign in with that address.',
  'team.job_seeker_account': 'A job seeker account cannot join a company. Please sign up with another address.',
  'team.already_in_company': 'Your account already belongs to a company',
  'team.member_not_found': 'This colleague is not in your team',
  'team.company_inactive': "Your company's access has ended or is suspended. You can invite colleagues again once it is renewed.",
  'team.invitation_company_inactive': "This company's access has ended or is suspended, so it cannot add colleagues now. Please ask the person who invited you.",
  'team.invitation_no_seats': 'This team has no free seat now. Please ask the person who invited you.',
  'invoice.not_payable': 'This invoice is already paid or no longer due',
  'invoice.transfer_in_future': 'The date of the transfer cannot be in the future',
  'invoice.transfer_before_invoice': 'The date of the transfer cannot be before the invoice was issued',

  'admin.company_not_found': 'Company not found',
  'admin.renewal_suspended': 'This company is suspended. Reactivate it before you issue an invoice.',
  'admin.renewal_never_paid': 'This company has not paid its first invoice yet',
  'admin.renewal_unpaid': 'This company already has an unpaid invoice',
  'admin.renewal_team_too_large': "This plan has {{seats}} seats, and the company's team takes {{used}}, open invitations included. The company must remove colleagues or invitations first, or choose a larger plan.",
  'admin.licence_missing': 'The company has not given its whole trade licence yet: number, issuer, expiry date and document.',
  'admin.licence_expired': 'This licence has expired. The company must give one that runs now before it can be verified.',
  'admin.report_not_found': 'Report not found',
  'admin.report_answered': 'This report was already answered',
  'admin.invoice_paid': 'This invoice is already paid',
  'admin.invoice_void': 'This invoice is void and cannot be paid',
  'admin.company_suspended': 'This company is suspended. Reactivate it before you verify a payment.',
  'admin.company_account_suspended': 'The account of this company is suspended. Reactivate it first.',
  'admin.company_already_suspended': 'This company is already suspended',
  'admin.company_not_suspended': 'This company is not suspended',
  'admin.review_account_suspended': 'This account is suspended. Reactivate it before reviewing the profile.',
  'admin.fact_not_declared': 'The job seeker has not given this yet, so there is nothing to verify.',
  'admin.fact_changed': 'The job seeker changed this fact after you opened the profile. Check the value shown now and mark it again.',
  'admin.profile_already_approved': 'This profile is already approved',
  'admin.profile_already_rejected': 'This profile is already rejected',
  'admin.profile_awaiting_video': 'This profile is waiting for its video. It comes to review when the video has arrived.',
  'admin.profile_changed': 'This profile changed since you opened it. The page has been reloaded.',
  'admin.email_not_found': 'E-mail not found',
  'admin.email_not_failed': 'Only failed e-mails can be retried',
  'admin.email_link_expired': 'The link in this e-mail has expired. The person can ask for a new one.',
  'admin.user_not_found': 'User not found',
  'admin.suspend_self': 'You cannot suspend your own account',
  'admin.user_already_suspended': 'This account is already suspended',
  'admin.user_not_suspended': 'This account is not suspended',
  'admin.user_already_admin': 'This user is already an administrator',
  'admin.user_not_admin': 'This user is not an administrator',
  'admin.last_admin': 'The last administrator cannot be removed',
  'admin.application_not_found': 'Application not found',
  'admin.application_reviewed': 'This application is already marked as reviewed',
  'admin.sales_request_not_found': 'Sales request not found',
  'admin.sales_request_handled': 'This request is already marked as handled',
  'admin.audit_range_reversed': 'from must not be after to',
  'admin.user_deletion_requested': 'This account is already being deleted',
  'admin.delete_self': 'You cannot delete your own account from the console',
  'backup.not_found': 'This backup cannot be downloaded: it failed, or its archive is no longer kept.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export type ErrorParams = Record<string, string | number>;

/** The English text of a code, its `{{params}}` filled in. */
export function errorText(code: ErrorCode, params: ErrorParams = {}): string {
  return ERROR_MESSAGES[code].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value);

/** The catalogue form of the table (nested by area), for the client's `errors` namespace in English. */
export function errorCatalogue(): Record<string, Record<string, string>> {
  const catalogue: Record<string, Record<string, string>> = {};
  for (const [code, text] of Object.entries(ERROR_MESSAGES)) {
    const [area, name] = code.split('.') as [string, string];
    (catalogue[area] ??= {})[name] = text;
  }
  return catalogue;
}

/** An error answer of the API. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  params?: ErrorParams;
  /** Invalid input: the message of each field (its path, e.g. `fullName` or `industries.0`). */
  fields?: Record<string, string>;
}
