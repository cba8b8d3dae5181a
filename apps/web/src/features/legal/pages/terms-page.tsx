import { MINIMUM_AGE } from '@brushline/shared/auth/constants';
import { AI_POLICY } from '@brushline/shared/ai/policy';
import { AI_POLICY_ID } from '../../../lib/ai-policy.ts';
import { LegalDocument, type LegalSection } from '../components/legal-document.tsx';

const SECTIONS: LegalSection[] = [
  {
    heading: 'About these terms',
    paragraphs: [
      'These terms set the rules for using Brushline, a marketplace where artists offer commission cards with prices and commissioners order them or post public requests. By registering or using the service, you agree to these terms. If you don’t agree, please don’t use Brushline.',
      'Brushline is open-source software that anyone may install and run. Each installation is run by its own operator, who is responsible for it. In these terms, “we” means the operator of the installation you are using, and the contact mailbox at the end of this page belongs to that operator.',
      'How we handle your personal data is described in the privacy policy, linked at the top of this page.',
    ],
  },
  {
    heading: 'Who can use Brushline',
    paragraphs: [
      `You must be over ${MINIMUM_AGE} years old to register or use the service. By creating an account, you confirm that you are. We will close accounts that belong to minors.`,
    ],
  },
  {
    heading: 'Your account',
    items: [
      'Give a working e-mail address that you control: we send verification codes, password reset codes and service messages there.',
      'Keep your password secret and don’t share your account. You are responsible for everything done through it.',
      'If you think someone else has access to your account, reset your password and tell us straight away.',
      'Don’t create accounts to get around a suspension, to impersonate someone or to mislead other users.',
    ],
  },
  {
    heading: 'Your content',
    paragraphs: [
      'You keep the rights to the posts, images, commission cards, requests and messages you publish. By posting them, you allow us to store, process and show them to other users as far as this is needed to run the service. This permission ends when the content is deleted, apart from copies that remain in backups for a short time.',
      'Every post and image must carry an honest maturity label:',
    ],
    items: [
      'sfw — suitable for everyone;',
      'questionable — suggestive or partly revealing, but not explicit;',
      'nsfw — explicit sexual content, graphic violence or other material that many people would not want to see by accident.',
    ],
    notes: [
      'If you’re not sure which label fits, pick the stricter one. Content with a wrong label may be relabelled or removed.',
    ],
  },
  {
    heading: 'What is not allowed',
    items: [
      'Illegal content of any kind, including any sexual content involving minors or characters presented as minors.',
      'Content that infringes someone else’s intellectual property: don’t upload art you didn’t make or aren’t allowed to share, and don’t present another artist’s work as your own.',
      'Harassment, threats, hate speech or publishing other people’s personal data.',
      'Spam, scams, fake commission offers and misleading prices.',
      'Attempts to break, overload or get unauthorised access to the service or other people’s accounts.',
    ],
    notes: [
      'If you believe content on Brushline infringes your rights, write to the contact mailbox with a link to it and an explanation, and we will look into it.',
    ],
  },
  // The instance's AI clause: its text lives in shared/ai/policy.ts, the one place an operator edits it.
  { id: AI_POLICY_ID, heading: AI_POLICY.heading, paragraphs: [...AI_POLICY.paragraphs] },
  {
    heading: 'Commissions',
    paragraphs: [
      'A commission is an agreement between the artist and the commissioner. Brushline only helps them find each other and talk; it is not a party to that agreement and does not act on behalf of either side.',
      'Prices on Brushline are given in US dollars (USD). The artist and the commissioner agree between themselves on everything else: how and when payment is made, deadlines, the number of revisions, refunds and how the finished work may be used. We recommend writing these details down in the chat before work begins.',
      'We do not guarantee that a commission will be paid for, delivered on time or meet expectations, and we are not responsible for disputes between artists and commissioners. We may still act on reports of fraud or abuse under the moderation rules below.',
    ],
  },
  {
    heading: 'Moderation and suspension',
    paragraphs: [
      'We may review reported content, change its maturity label, hide it or remove it if it breaks these terms. We may also limit, suspend or permanently close accounts that break these terms or put other users at risk. Suspended accounts are shown with a “banned” badge on their profile.',
      'We try to act fairly and in proportion to the problem, but we can’t check everything that is posted. If you think a decision about your account was a mistake, write to the contact mailbox and explain why.',
    ],
  },
  {
    heading: 'Disclaimer',
    paragraphs: [
      'Brushline is provided “as is” and “as available”. We do our best to keep it running and safe, but we don’t promise that it will always be available, free of errors or that data will never be lost. Keep your own copies of work that matters to you.',
      'Content on Brushline is posted by its users. We don’t check it in advance and don’t endorse it.',
    ],
  },
  {
    heading: 'Limitation of liability',
    paragraphs: [
      'To the extent the law allows, we are not liable for indirect or consequential losses, lost profits or lost data, for the actions of other users, or for the outcome of commissions arranged through the service. Nothing in these terms limits liability that cannot be limited by law.',
    ],
  },
  {
    heading: 'Changes to these terms',
    paragraphs: [
      'We may update these terms when the service or the law changes. The date at the top of this page shows when they last changed. If the changes are significant, we will tell you through the service or by e-mail. If you keep using Brushline after the changes take effect, you accept the new terms; if you don’t accept them, you can stop using the service and ask us to delete your account.',
    ],
  },
  {
    heading: 'Contact',
    contact: 'Questions about these terms, reports and appeals can be sent to',
  },
];

export function TermsPage() {
  return <LegalDocument title="Terms of use" lang="en" sections={SECTIONS} />;
}
