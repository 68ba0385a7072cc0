// Outgoing email: queued in the transaction that causes it, sent by a background job.
export { queueMail, SEND_EMAIL_TASK, type MailToQueue } from './mail-outbox.js';
export { MailSender, type MailSettings } from './mail-sender.js';
export { OutboundEmailEntity } from './outbound-email.entity.js';
export { emailLayout, escapeHtml, formatLongDate } from './email-layout.js';
