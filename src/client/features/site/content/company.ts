/** About us, team and careers content. */

export const VALUES = [
  {
    title: 'Honest simulations',
    text: 'Fills at the next bar’s open, stops assumed first when a bar is ambiguous, costs included. We would rather show a strategy failing than flatter it.',
  },
  {
    title: 'Evidence over anecdotes',
    text: 'Overfitting checks, out-of-sample validation and clear statistics are part of every result, not an extra.',
  },
  {
    title: 'No advice, no trading',
    text: 'We build a laboratory, not a broker. We never place orders or tell anyone what to buy.',
  },
  {
    title: 'Plain words',
    text: 'Every metric, rule and assumption is documented in language a new trader can follow.',
  },
];

export const MILESTONES = [
  { year: '2024', text: 'The company is incorporated in Bengaluru and the simulation engine takes shape.' },
  { year: 'January 2025', text: 'Backtest Studio opens to the public.' },
  { year: 'April 2025', text: 'Machine-learning backtesting with walk-forward validation.' },
  { year: 'June 2025', text: 'Overfitting detection in every parameter sweep.' },
  { year: 'August 2025', text: 'A clearer privacy policy and prices in INR and USD.' },
];

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
}

export const TEAM: readonly TeamMember[] = [
  {
    name: 'Ananya Iyer',
    role: 'Co-founder, Chief Executive',
    bio: 'Spent a decade building risk systems for a brokerage, and started Backtest Studio to give individual traders the same rigour.',
  },
  {
    name: 'Rohan Mehta',
    role: 'Co-founder, Head of Engineering',
    bio: 'Designs the simulation engine and its fill rules, and insists that every indicator matches its reference to the ninth decimal.',
  },
  {
    name: 'Farah Qureshi',
    role: 'Head of Quantitative Research',
    bio: 'Brings the overfitting and validation methods of academic finance into the product, and writes most of our research notes.',
  },
  {
    name: 'Daniel Okafor',
    role: 'Machine Learning Lead',
    bio: 'Builds the walk-forward training, labelling and model diagnostics behind machine-learning mode.',
  },
  {
    name: 'Meera Pillai',
    role: 'Product Designer',
    bio: 'Makes the strategy builder usable without code and the results readable at a glance.',
  },
  {
    name: 'Karthik Rao',
    role: 'Customer Support Lead',
    bio: 'Leads the team that answers your questions, and turns the most common ones into documentation.',
  },
];

export interface Opening {
  title: string;
  team: string;
  location: string;
  type: string;
  summary: string;
  requirements: readonly string[];
}

export const OPENINGS: readonly Opening[] = [
  {
    title: 'Senior TypeScript Engineer, Simulation Engine',
    team: 'Engineering',
    location: 'Bengaluru or remote (India)',
    type: 'Full time',
    summary:
      'Make the engine faster and more exact: indicators, fills, metrics and the tests that prove them.',
    requirements: [
      'Five or more years of TypeScript or a similar language in production.',
      'Comfort with numerical code and property-based testing.',
      'Interest in markets; trading experience is a plus, not a requirement.',
    ],
  },
  {
    title: 'Quantitative Researcher',
    team: 'Research',
    location: 'Bengaluru',
    type: 'Full time',
    summary: 'Design and validate robustness methods, and explain them to users in our research notes.',
    requirements: [
      'A degree in statistics, mathematics, physics or a related field.',
      'Experience with time-series validation and multiple-testing corrections.',
      'Clear writing for a non-specialist audience.',
    ],
  },
  {
    title: 'Frontend Engineer, React',
    team: 'Product',
    location: 'Remote (India)',
    type: 'Full time',
    summary:
      'Build the strategy builder, results dashboard and charts, accessible from keyboard to screen reader.',
    requirements: [
      'Three or more years with React and TypeScript.',
      'Care for accessibility and performance.',
      'Experience with data visualisation is a plus.',
    ],
  },
  {
    title: 'Customer Support Specialist',
    team: 'Support',
    location: 'Bengaluru',
    type: 'Full time',
    summary:
      'Help traders get the most from the platform and turn their questions into better documentation.',
    requirements: [
      'Excellent written English; Hindi or another Indian language is a plus.',
      'Working knowledge of technical analysis.',
      'Patience and precision.',
    ],
  },
];

export const BENEFITS = [
  'Health insurance for you and your family',
  'Flexible hours and remote work within India',
  'A yearly learning budget for books, courses and conferences',
  '24 days of paid leave plus public holidays',
];
