import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import AudienceCards, {type Audience} from '@site/src/components/AudienceCards';
import SectionLinks, {type Section} from '@site/src/components/SectionLinks';
import styles from './index.module.css';

const audiences: readonly Audience[] = [
  {
    title: 'Mission operators',
    summary: 'Run the plan of the day, check it against flight rules and turn it into command sequences.',
    to: '/planning/create-plan-and-simulate/',
    cta: 'Simulate a plan',
  },
  {
    title: 'Mission planners',
    summary: 'Lay out activities on the timeline, schedule them automatically and merge work with your team.',
    to: '/scheduling-and-constraints/introduction/',
    cta: 'Schedule and check plans',
  },
  {
    title: 'Mission-model developers',
    summary: 'Describe your spacecraft in Java: activity types, resources and effect models that simulate.',
    to: '/tutorials/mission-modeling/introduction/',
    cta: 'Start the modeling tutorial',
  },
  {
    title: 'Deployers',
    summary: 'Install, secure and upgrade Orrery on your own servers, including air-gapped networks.',
    to: '/deployment/introduction/',
    cta: 'Deploy Orrery',
  },
];

const sections: readonly Section[] = [
  {label: 'Introduction', description: 'What Orrery is and a local deployment in minutes.', to: '/introduction/'},
  {
    label: 'Mission modeling',
    description: 'The Java modeling interface, resources and activity types.',
    to: '/mission-modeling/introduction/',
  },
  {
    label: 'Planning',
    description: 'Plans, the timeline, anchors, snapshots and collaboration.',
    to: '/category/planning/',
  },
  {
    label: 'Scheduling and constraints',
    description: 'Declarative eDSL and procedural Java goals and flight rules.',
    to: '/scheduling-and-constraints/introduction/',
  },
  {
    label: 'Command expansion',
    description: 'Dictionaries, expansion rules, SeqJSON and templates.',
    to: '/command-expansion/introduction/',
  },
  {
    label: 'Sequencing',
    description: 'The sequence editor, adaptations and sequence actions.',
    to: '/category/sequencing/',
  },
  {
    label: 'GraphQL API',
    description: 'Script Orrery: authentication, queries and worked examples.',
    to: '/api/introduction/',
  },
  {
    label: 'Upgrade guides',
    description: 'Every release step from 0.13.2 to 3.5.0.',
    to: '/upgrade-guides/3-4-0-to-3-5-0/',
  },
];

export default function Home(): ReactNode {
  return (
    <Layout
      title="Mission modeling, planning and sequencing"
      description="Documentation for Orrery, the open-source suite for spacecraft mission modeling, planning, simulation, scheduling, constraint checking, command expansion and sequencing.">
      {/* One <main>: the hero is part of the content (the announcement bar is the page's only banner). */}
      <main>
        <div className={styles.hero}>
          <div className="container">
            <Heading as="h1" className={styles.title}>
              Orrery Documentation
            </Heading>
            <p className={styles.tagline}>
              Model your spacecraft, plan and simulate its activities, check flight rules and turn the plan into command
              sequences — on your own servers, online or air-gapped.
            </p>
            <div className={styles.actions}>
              <Link className="button button--primary button--lg" to="/introduction/">
                Get started
              </Link>
              <Link className="button button--secondary button--lg" to="/api/introduction/">
                GraphQL API
              </Link>
            </div>
          </div>
        </div>
        <div className="container margin-vert--xl">
          <section aria-labelledby="audiences">
            <Heading as="h2" id="audiences">
              Start where your work starts
            </Heading>
            <AudienceCards audiences={audiences} />
          </section>
          <section aria-labelledby="sections" className="margin-top--xl">
            <Heading as="h2" id="sections">
              Browse the documentation
            </Heading>
            <SectionLinks sections={sections} />
          </section>
        </div>
      </main>
    </Layout>
  );
}
