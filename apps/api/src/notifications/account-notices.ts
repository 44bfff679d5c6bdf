// Notifications from account and company events:
// - a sign-up still waiting for activation when it is handled: every platform admin ("pending user approvals");
// - a company submitted for approval and still waiting: every platform admin;
// - a company approved: its members (they may now use every module);
// - a company sent back for changes (rejected, in progress again): its members, with the reviewer's remark;
// - a company document whose expiry is a month away (the reminder, company-files/): its profile editors.
import { Injectable } from '@nestjs/common';
import { CompanySubmissionStatus } from '@binaan/contracts';
import type { StoredEvent } from '@binaan/event-store';
import { eventData, type PlannedNotification } from './notification.events.js';
import { Recipients } from './recipients.js';

@Injectable()
export class AccountNotices {
  constructor(private readonly recipients: Recipients) {}

  async plan(stored: StoredEvent): Promise<PlannedNotification[]> {
    if (stored.type === 'UserSignedUp') return this.signedUp(stored);
    if (stored.type === 'CompanySubmissionStatusChanged') return this.companyStatus(stored);
    if (stored.type === 'CompanyFileExpiryReminderSent') return this.documentExpiring(stored);
    return [];
  }

  /** A company document expires within a month: the company's members who may update its profile. */
  private async documentExpiring(stored: StoredEvent): Promise<PlannedNotification[]> {
    const { companyId, documentId, expiresOn } = stored.data as { companyId: string; documentId: string; expiresOn: string };
    const company = (await this.recipients.companies([companyId])).get(companyId);
    if (!company) return [];
    const data = eventData({
      company_name: company.name,
      recipient_company_id: companyId,
      recipient_company_name: company.name,
      doc_description: expiresOn,
      status: 'expiring',
    });
    const planned: PlannedNotification[] = [];
    for (const member of await this.recipients.members(companyId)) {
      if (await this.recipients.holdsAny(member.userId, companyId, ['administration.companyProfile.update'])) {
        planned.push({ userId: member.userId, module: 'company', src: 'documentExpiring', srcId: documentId, eventData: data });
      }
    }
    return planned;
  }

  private async signedUp(stored: StoredEvent): Promise<PlannedNotification[]> {
    const userId = stored.streamId.slice('user-'.length);
    const user = await this.recipients.userStatus(userId);
    if (!user || user.status !== 'pending') return [];
    const data = eventData({ created_by_user_id: userId, status: 'pending' });
    return (await this.recipients.admins('admin.user'))
      .filter((admin) => admin !== userId)
      .map((admin) => ({ userId: admin, module: 'user', src: 'pendingApproval', srcId: userId, eventData: data }));
  }

  private async companyStatus(stored: StoredEvent): Promise<PlannedNotification[]> {
    const companyId = stored.streamId.slice('company-'.length);
    const status = (stored.data as { status?: number }).status;
    const company = (await this.recipients.companies([companyId])).get(companyId);
    if (!company) return [];
    const data = (recipientCompany: string | null) =>
      eventData({
        company_name: company.name,
        recipient_company_id: recipientCompany,
        recipient_company_name: recipientCompany ? company.name : null,
        status: String(status),
      });
    if (status === CompanySubmissionStatus.Submitted && company.status === CompanySubmissionStatus.Submitted) {
      return (await this.recipients.admins('admin.company')).map((admin) => ({
        userId: admin,
        module: 'company',
        src: 'pendingApproval',
        srcId: companyId,
        eventData: data(null),
      }));
    }
    const change = (stored.data as { change?: { workflowEvent?: string; remark?: string | null } }).change;
    if (status === CompanySubmissionStatus.InProgress && change?.workflowEvent === 'Reject') {
      const rejected = (recipient: string) =>
        eventData({
          company_name: company.name,
          recipient_company_id: recipient,
          recipient_company_name: company.name,
          status: String(status),
          remark: change.remark ?? '',
        });
      return (await this.recipients.members(companyId)).map((member) => ({
        userId: member.userId,
        module: 'company',
        src: 'rejected',
        srcId: companyId,
        eventData: rejected(companyId),
      }));
    }
    if (status === CompanySubmissionStatus.Approved) {
      return (await this.recipients.members(companyId)).map((member) => ({
        userId: member.userId,
        module: 'company',
        src: 'approved',
        srcId: companyId,
        eventData: data(companyId),
      }));
    }
    return [];
  }
}
