// Every migration in order. Append only: an applied migration is never edited (its checksum is checked).
import type { Migration } from '../kernel/migrate.store.ts';
import { kernelMigration } from './0001-kernel.ts';
import { contactsMigration } from './0002-contacts.ts';
import { walletMigration } from './0003-wallet.ts';
import { messagingMigration } from './0004-messaging.ts';
import { idempotencyMigration } from './0005-idempotency.ts';
import { instagramMigration } from './0008-instagram.ts';
import { whatsappMigration } from './0009-whatsapp.ts';
import { contactCountsMigration } from './0013-contact-counts.ts';
import { smsMigration } from './0007-sms-rcs.ts';
import { rcsMigration } from './0014-rcs.ts';
import { emailMigration } from './0006-email.ts';
import { webhooksMigration } from './0010-webhooks.ts';
import { otpMigration } from './0011-otp.ts';
import { campaignsMigration } from './0012-campaigns.ts';
import { providerIdempotencyMigration } from './0015-provider-idempotency.ts';
import { outboxCursorMigration } from './0016-outbox-cursor.ts';
import { contactIndexesMigration } from './0017-contact-indexes.ts';
import { leanAppendTablesMigration } from './0018-lean-append-tables.ts';
import { contactSearchAccentsMigration } from './0019-contact-search-accents.ts';
import { blankBlockReasonsMigration } from './0020-blank-block-reasons.ts';
import { requestLogDetailMigration } from './0021-request-log-detail.ts';
import { conversationsByContactMigration } from './0022-conversations-by-contact.ts';
import { campaignComplaintsMigration } from './0023-campaign-complaints.ts';
import { smsCampaignTemplateIdsMigration } from './0024-sms-campaign-template-ids.ts';
import { blankEmailContactNamesMigration } from './0025-blank-email-contact-names.ts';

export const MIGRATIONS: Migration[] = [kernelMigration, contactsMigration, walletMigration, messagingMigration, idempotencyMigration, instagramMigration, whatsappMigration, contactCountsMigration, smsMigration, rcsMigration, emailMigration, webhooksMigration, otpMigration, campaignsMigration, providerIdempotencyMigration, outboxCursorMigration, contactIndexesMigration, leanAppendTablesMigration, contactSearchAccentsMigration, blankBlockReasonsMigration, requestLogDetailMigration, conversationsByContactMigration, campaignComplaintsMigration, smsCampaignTemplateIdsMigration, blankEmailContactNamesMigration];
