import { PATHS, contactPath } from '../../../config/paths';
import {
  COPYRIGHT_YEAR,
  LIABILITY_CAP_MONTHS,
  MINIMUM_AGE,
  PARENT_COMPANY,
  PRIVACY_POLICY_EFFECTIVE,
  PRODUCT_NAME,
} from '../../../../shared/site';
import { type Section, bullets, links, p } from './blocks';

/**
 * The legal texts. The spec's refund conflict (the pricing FAQ says no refunds, the legal page
 * says refunds take 7-10 business days) is resolved in REFUND_POLICY, used everywhere.
 */
export const REFUND_POLICY =
  'Subscription fees are non-refundable. When you cancel, your plan stays active until the end of the period you have paid for and is not renewed. In exceptional cases, such as a duplicate charge or where the law requires it, we grant a refund, and it is processed within 7-10 business days to the original payment method.';

const company = PARENT_COMPANY.name;

/** Terms & Conditions: the sections docs/product.md#static-and-legal-pages lists for /terms, also the legal page's terms. */
export const TERMS_SECTIONS: readonly Section[] = [
  {
    id: 'service',
    title: '1. The service',
    blocks: [
      p(
        `${PRODUCT_NAME} is operated by ${company} ("we", "us"). It lets you simulate trading strategies on historical market data. It is a simulation service only: it does not place orders, hold money or securities for you, connect to a broker, or trade on any market.`,
      ),
      p(
        'By creating an account or using the site you accept these terms. If you do not accept them, do not use the service.',
      ),
    ],
  },
  {
    id: 'eligibility',
    title: '2. Eligibility',
    blocks: [
      p(
        `You must be at least ${MINIMUM_AGE} years old and able to enter into a binding contract to use ${PRODUCT_NAME}. By registering you confirm that you are.`,
      ),
    ],
  },
  {
    id: 'accounts',
    title: '3. Your account',
    blocks: [
      bullets(
        'Give accurate details when you register and keep them up to date.',
        'Keep your password secret. You are responsible for what happens under your account.',
        'An account is for one person. Enterprise plans include three team users, each with their own login.',
        'Tell us at once through the contact form if you believe someone else has used your account.',
        'We may suspend or close an account that breaks these terms, after notice where the law requires it.',
      ),
    ],
  },
  {
    id: 'plans',
    title: '4. Plans, payment and renewal',
    blocks: [
      p(
        'Paid use is offered in three plans: Basic, Premium (also called Professional or Pro) and Enterprise. Their prices and limits are on the pricing page. Fees are billed monthly or annually, in Indian rupees or US dollars, and are paid in advance for each billing period.',
      ),
      bullets(
        `Payments are processed by ${company}, which operates ${PRODUCT_NAME}.`,
        'Plans renew automatically at the end of each billing period at the price then in force, until you cancel.',
        'You can upgrade or downgrade at any time; the change takes effect from the next billing cycle.',
        'Cancellation takes effect at the end of the current billing period.',
        REFUND_POLICY,
      ),
    ],
  },
  {
    id: 'no-advice',
    title: '5. No financial advice',
    blocks: [
      p(
        `Nothing on ${PRODUCT_NAME}, including backtest results, strategy pages, research, suggestions and support replies, is financial, investment, tax or legal advice, or a recommendation to buy or sell anything. Simulated results are hypothetical: they do not include every cost and market condition of real trading, and past performance does not predict future results. Decisions you make with real money are yours alone.`,
      ),
    ],
  },
  {
    id: 'intellectual-property',
    title: '6. Intellectual property',
    blocks: [
      p(
        `The software, design, texts and documentation of ${PRODUCT_NAME} belong to ${company} or its licensors. We grant you a personal, non-transferable licence to use them under these terms while your account is open.`,
      ),
      p(
        'Strategies you build and files you upload remain yours. You allow us to store and process them only to run the service for you.',
      ),
    ],
  },
  {
    id: 'prohibited-conduct',
    title: '7. Prohibited conduct',
    blocks: [
      p('You may not:'),
      bullets(
        'resell, redistribute or publish the market data the service shows you;',
        'share an account, or get around plan limits, rate limits or security measures;',
        'copy, scrape, decompile or reverse-engineer the service, except where the law allows it;',
        'overload or disrupt the service, or probe it for weaknesses without our written permission;',
        'use the service for anything unlawful, including market manipulation, or to mislead others about simulated results.',
      ),
    ],
  },
  {
    id: 'disclaimers',
    title: '8. Disclaimers',
    blocks: [
      p(
        'The service is provided "as is" and "as available". Market data may be delayed, incomplete or wrong, and sample data is labelled as such. We work to keep the service running and correct, but we do not promise that it will be uninterrupted or error-free, or that a simulation reflects what would have happened in a real market.',
      ),
    ],
  },
  {
    id: 'liability',
    title: '9. Limitation of liability',
    blocks: [
      p(
        `To the extent the law allows, our total liability for any claim arising from the service is limited to the fees you paid us in the ${LIABILITY_CAP_MONTHS} months before the event that gave rise to the claim. We are not liable for trading losses, lost profits or indirect losses, including losses from decisions based on simulated results.`,
      ),
    ],
  },
  {
    id: 'changes',
    title: '10. Changes, termination and law',
    blocks: [
      p(
        'We may change these terms. We will announce material changes on the site or by email at least 30 days before they take effect; continuing to use the service after that means you accept them. You may close your account at any time.',
      ),
      p(
        'These terms are governed by the laws of India. The courts of Bengaluru, Karnataka have jurisdiction, without limiting any right you have under the consumer law of your country.',
      ),
    ],
  },
  {
    id: 'contact',
    title: '11. Contact',
    blocks: [
      p(`${company}, ${PARENT_COMPANY.addressLines.join(', ')}. Email: ${PARENT_COMPANY.email}.`),
      links({ label: 'Write to us through the contact form', to: PATHS.contact }),
    ],
  },
];

/** The privacy policy, effective 2 August 2025 (docs/product.md#screens-and-routes). */
export const PRIVACY_SECTIONS: readonly Section[] = [
  {
    id: 'who',
    title: 'Who we are',
    blocks: [
      p(
        `${company}, ${PARENT_COMPANY.addressLines.join(', ')}, operates ${PRODUCT_NAME} and decides how your personal data is used. This policy applies from ${PRIVACY_POLICY_EFFECTIVE}. We process personal data in line with India's Digital Personal Data Protection Act, 2023, and, for visitors in other countries, the data protection law that applies to them.`,
      ),
    ],
  },
  {
    id: 'data',
    title: 'What we collect',
    blocks: [
      bullets(
        'Account data: your email address, display name, and either a password (stored only as a salted hash) or the identifier Google gives us when you sign in with Google.',
        'Whether you have confirmed your email address, and whether you want an email when a long run finishes.',
        'Your plan and role, and the subscription requests you make.',
        'What you do in the simulator: the strategies you build, the backtests you run, their results, and any data files you upload.',
        'Messages you send through the contact and support forms: your name, email, subject, message and the IP address the message came from.',
        'Security data: short-lived counters of requests per IP address, per email and per signed-in browser, used to stop password guessing and spam.',
      ),
      p(
        'We do not collect payment card numbers: payments are handled by our payment partner on its own secured pages.',
      ),
    ],
  },
  {
    id: 'use',
    title: 'Why we use it',
    blocks: [
      bullets(
        'To provide the service: sign you in, run and store your backtests, apply your plan.',
        'To answer your messages and support requests.',
        'To protect the service and its users from abuse and fraud.',
        'To meet legal obligations, such as tax and accounting records.',
      ),
      p('We do not sell your personal data and we do not use it for advertising.'),
    ],
  },
  {
    id: 'cookies',
    title: 'Cookies',
    blocks: [
      p(
        'We set only the cookies needed to run the service: a session cookie that keeps you signed in, a device cookie (kept a year) that lets a browser you signed in with keep signing in while password guesses by someone else hold your account back elsewhere, and short-lived cookies that protect the Google sign-in step. They are not readable by scripts and not used for tracking. We use no advertising or third-party analytics cookies.',
      ),
    ],
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    blocks: [
      bullets(
        'Our hosting provider, which runs the service and stores its data on our behalf.',
        'Google, only if you choose to sign in with Google.',
        'Our email provider (Resend), which delivers the emails we send you: address confirmations, password resets, account notices and, if you ask for them, notices of finished runs.',
        'Our payment partner, for the payments you make.',
        'Authorities, when the law requires it.',
      ),
      p(
        'Requests to market-data providers contain instrument codes and dates only, never your personal data.',
      ),
    ],
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    blocks: [
      bullets(
        'Account data, strategies, backtests, uploaded files, portfolios, share links and team membership: while your account is open. Deleting your account (on your account page) removes them at once; the database’s recovery copies expire within 30 days.',
        'After you delete your account we keep only what the law needs: billing records for the time tax law requires, and the contact messages you sent (they are not tied to your account) until their 24 months end. Our email provider keeps its delivery log of the emails we sent you for its own limited period.',
        'After you delete your account we also keep a one-way salted hash of your email address (a fingerprint from which the address cannot be read back), only to prevent repeated free trials: a new account with the same address starts without one. Nothing else is kept with it.',
        'Email links (address confirmation, password reset): a fingerprint of each, never the link itself, until it is used or expires (30 minutes for a password reset, 24 hours otherwise).',
        'Contact and support messages: up to 24 months, so we can follow up on earlier conversations.',
        'Request counters: minutes to hours, until their time window ends.',
        'Billing records: as long as tax law requires, usually eight years.',
      ),
    ],
  },
  {
    id: 'rights',
    title: 'Your rights',
    blocks: [
      p(
        'On your account page you can download a copy of your data (a JSON file), correct your name and email address, and delete your account. You can also ask for a summary of the personal data we hold about you, its correction or completion, or its erasure, and you can withdraw consent where we rely on it. Send your request through the contact form with the subject "Privacy and my data"; we answer within 30 days. If you are not satisfied with our answer, you may complain to the Data Protection Board of India or the authority of your country.',
      ),
      links({ label: 'Send a privacy request', to: contactPath('privacy') }),
    ],
  },
  {
    id: 'security',
    title: 'Security',
    blocks: [
      p(
        'Traffic is encrypted, passwords are stored only as salted hashes, sessions can be revoked, and sign-in and contact requests are rate-limited. No system is perfectly secure; if we learn of a breach that affects you, we will tell you and the authorities as the law requires.',
      ),
    ],
  },
  {
    id: 'age',
    title: 'Age',
    blocks: [
      p(
        `${PRODUCT_NAME} is for people aged ${MINIMUM_AGE} and over. We do not knowingly collect data from anyone younger; if you believe we have, contact us and we will delete it.`,
      ),
    ],
  },
  {
    id: 'policy-changes',
    title: 'Changes to this policy',
    blocks: [
      p(
        'If we change this policy, we publish the new version here with its effective date, and tell registered users by email before a material change takes effect.',
      ),
    ],
  },
];

/** The legal page's sections (docs/product.md#screens-and-routes), in sidebar order. */
export const LEGAL_SECTIONS = [
  {
    id: 'terms',
    label: 'Terms of Service',
    sections: TERMS_SECTIONS,
  },
  {
    id: 'privacy',
    label: 'Privacy Policy',
    sections: [
      {
        id: 'privacy-summary',
        title: 'Privacy in short',
        blocks: [
          p(
            `We collect what the service needs: your account details, your strategies and backtests, and the messages you send us. We never sell personal data or use it for advertising, and we set no tracking cookies. The full policy, effective ${PRIVACY_POLICY_EFFECTIVE}, explains what we keep, why, for how long, and how to exercise your rights.`,
          ),
          links({ label: 'Read the full Privacy Policy', to: PATHS.privacy }),
        ],
      },
    ],
  },
  {
    id: 'disclaimer',
    label: 'Disclaimer',
    sections: [
      {
        id: 'simulation',
        title: 'Simulation only',
        blocks: [
          p(
            `${PRODUCT_NAME} simulates trading strategies on historical data. It does not trade, and nothing on the site is financial, investment, tax or legal advice.`,
          ),
        ],
      },
      {
        id: 'hypothetical',
        title: 'Hypothetical results',
        blocks: [
          p(
            'Backtest results are hypothetical. They are computed after the fact, with rules that can be adjusted until they fit the past. They cannot account for every real cost and condition: liquidity, partial fills, borrowing costs, changing spreads, or the effect of your own orders on the market. Past performance, real or simulated, does not predict future results.',
          ),
        ],
      },
      {
        id: 'data',
        title: 'Market data',
        blocks: [
          p(
            'Data comes from third-party providers or bundled samples and may be delayed, adjusted, incomplete or wrong. Synthetic sample data is labelled as such and describes no real market.',
          ),
        ],
      },
      {
        id: 'risk',
        title: 'Trading risk',
        blocks: [
          p(
            'Trading in crypto, forex, stocks and ETFs can lose you more than you expect, and leveraged products more than you invest. Consider your situation and, where needed, ask a licensed adviser before trading with real money.',
          ),
        ],
      },
    ],
  },
  {
    id: 'refund',
    label: 'Refund Policy',
    sections: [
      {
        id: 'refunds',
        title: 'Refunds',
        blocks: [p(REFUND_POLICY)],
      },
      {
        id: 'cancellation',
        title: 'Cancelling and changing plans',
        blocks: [
          p(
            'You can cancel at any time; the cancellation takes effect at the end of the current billing period. Upgrades and downgrades take effect from the next billing cycle.',
          ),
        ],
      },
      {
        id: 'request',
        title: 'Asking about a charge',
        blocks: [
          p(
            `If you see a charge you do not recognise or were charged twice, write to ${PARENT_COMPANY.billingEmail} or use the contact form with the subject "Billing and payments", giving the date and amount.`,
          ),
          links({ label: 'Contact billing', to: contactPath('billing') }),
        ],
      },
    ],
  },
  {
    id: 'copyright',
    label: 'Copyright Information',
    sections: [
      {
        id: 'ownership',
        title: 'Ownership',
        blocks: [
          p(
            `© ${COPYRIGHT_YEAR} ${company}. All rights reserved. ${PRODUCT_NAME}, its logo, software, texts and documentation are protected by copyright and trademark law.`,
          ),
        ],
      },
      {
        id: 'third-party',
        title: 'Third-party material',
        blocks: [
          p(
            'Indicator and candlestick-pattern definitions follow TA-Lib, an open-source library released under the BSD licence. Market data belongs to its providers and is shown under their licences. Research notes cite the published papers they explain.',
          ),
        ],
      },
      {
        id: 'your-content',
        title: 'Your content',
        blocks: [
          p(
            'Strategies you build and files you upload remain yours. Do not upload data you have no right to use.',
          ),
        ],
      },
      {
        id: 'infringement',
        title: 'Reporting infringement',
        blocks: [
          p(
            `If you believe material on ${PRODUCT_NAME} infringes your rights, write to ${PARENT_COMPANY.email} with the material's address, the work you own, and your contact details. We respond within 10 business days.`,
          ),
        ],
      },
    ],
  },
] as const satisfies readonly { id: string; label: string; sections: readonly Section[] }[];
