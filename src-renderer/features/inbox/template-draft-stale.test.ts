// A WhatsApp or RCS template draft whose template is no longer approved is shown with a note (not hidden while its row
// says "Draft · "): what became of the template, and the values typed in it.
import { describe, expect, it } from 'vitest';
import type { RcsTemplate, WaTemplate } from '../../../src-core/contract/index.ts';
import { languageName } from '../../components/format.ts';
import type { TemplateDraft } from '../../stores/drafts.ts';
import { staleRcsDraft, staleTemplateDraft } from './template-draft-stale.ts';

const template = (id: string, status: WaTemplate['status']) => ({ id, name: `tpl ${id}`, language: 'en_US', status, category: 'UTILITY', components: [] }) as unknown as WaTemplate;
const draft: TemplateDraft = {
  channel: 'whatsapp', templateId: 'wt_2',
  values: { header: ['#1002'], body: [{ kind: 'static', text: 'Meera' }, { kind: 'static', text: ' ' }], mediaLink: '', buttons: { 0: '1002' } },
};
const approved = [template('wt_1', 'APPROVED')];

describe('staleTemplateDraft', () => {
  it('is nothing for a draft whose template can be sent, an RCS draft, no draft, or before the approved templates are read', () => {
    expect(staleTemplateDraft({ ...draft, templateId: 'wt_1' }, approved, undefined)).toBeNull();
    expect(staleTemplateDraft({ channel: 'rcs', templateId: 'rt_1', typed: {} }, approved, undefined)).toBeNull();
    expect(staleTemplateDraft(undefined, approved, undefined)).toBeNull();
    expect(staleTemplateDraft(draft, undefined, undefined)).toBeNull();
  });
  it('names the template and what became of it, and lists the values typed (blank ones left out)', () => {
    const language = languageName('en_US');
    expect(staleTemplateDraft(draft, approved, [...approved, template('wt_2', 'REJECTED')])).toEqual({
      why: `The template “tpl wt_2” (${language}) was rejected, so WhatsApp will not send it.`, values: ['#1002', 'Meera', '1002'],
    });
    expect(staleTemplateDraft(draft, approved, [template('wt_2', 'PENDING')])?.why).toBe(`The template “tpl wt_2” (${language}) is under review again, so WhatsApp will not send it.`);
    expect(staleTemplateDraft(draft, approved, approved)?.why).toBe('The template this draft was written in is no longer available, so WhatsApp will not send it.');
    expect(staleTemplateDraft(draft, approved, undefined)?.values).toEqual(['#1002', 'Meera', '1002']);
  });
});

const rcsTemplate = (id: string, status: RcsTemplate['status']) =>
  ({ id, botId: 'bot_1', name: `Shipped ${id}`, type: 'rich_card', title: 'Order {{order}}', text: 'Hi {{name}}', imageUrl: null, suggestions: [], variables: ['order', 'name'], status, createdAt: '' }) as RcsTemplate;
const rcsDraft: TemplateDraft = { channel: 'rcs', templateId: 'rt_2', typed: { name: 'Meera', order: '#1002', note: ' ' } };

describe('staleRcsDraft', () => {
  it('is nothing for a draft whose template is approved, a WhatsApp draft, no draft, or before the templates are read', () => {
    expect(staleRcsDraft({ ...rcsDraft, templateId: 'rt_1' }, [rcsTemplate('rt_1', 'APPROVED')])).toBeNull();
    expect(staleRcsDraft(draft, [rcsTemplate('rt_1', 'APPROVED')])).toBeNull();
    expect(staleRcsDraft(undefined, [rcsTemplate('rt_1', 'APPROVED')])).toBeNull();
    expect(staleRcsDraft(rcsDraft, undefined)).toBeNull();
  });
  it('names the template and what became of it, and lists the values typed in the template\'s order (blank ones left out)', () => {
    expect(staleRcsDraft(rcsDraft, [rcsTemplate('rt_1', 'APPROVED'), rcsTemplate('rt_2', 'REJECTED')])).toEqual({
      why: 'The template “Shipped rt_2” (Rich card) was rejected, so RCS will not send it.', values: ['#1002', 'Meera'],
    });
    expect(staleRcsDraft(rcsDraft, [rcsTemplate('rt_2', 'PENDING')])?.why).toBe('The template “Shipped rt_2” (Rich card) is under review again, so RCS will not send it.');
    expect(staleRcsDraft(rcsDraft, [rcsTemplate('rt_1', 'APPROVED')])).toEqual({
      why: 'The template this draft was written in is no longer available, so RCS will not send it.', values: ['Meera', '#1002'],
    });
  });
});
