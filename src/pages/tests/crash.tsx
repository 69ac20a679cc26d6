/**
 * Test-only page: its content crashes after hydration so the browser tests can
 * check the crash page that the theme's Layout shows. Kept out of the sitemap
 * (docusaurus.config.ts) and of the search index (robots noindex; the index
 * only reads doc pages).
 */
import {useEffect, useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';

function Crasher(): ReactNode {
  const [crash, setCrash] = useState(false);
  useEffect(() => setCrash(true), []);
  if (crash) {
    throw new Error('Telemetry panel failed to render', {
      cause: new Error('Simulation dataset 42 has no resource named "battery.soc"', {
        cause: new Error('Test-only failure injected by /tests/crash/'),
      }),
    });
  }
  return <p>This page crashes as soon as it loads in a browser.</p>;
}

export default function CrashTestPage(): ReactNode {
  return (
    <Layout title="Crash test" description="A page that crashes on purpose to test the crash page." noFooter>
      <Head>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <main className="container margin-vert--lg">
        <h1>Crash test</h1>
        <Crasher />
      </main>
    </Layout>
  );
}
