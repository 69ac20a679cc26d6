/**
 * Wraps @theme-original/ErrorPageContent (@docusaurus/theme-classic 3.10.2).
 * The original shows 'This page crashed.', a 'Try again' button and the error
 * message with its whole chain of causes. The wrapper adds what a reader needs
 * next: a link that opens a pre-filled problem report on the docs repository.
 */
import type {ReactNode} from 'react';
import ErrorPageContent from '@theme-original/ErrorPageContent';
import type ErrorPageContentType from '@theme/ErrorPageContent';
import type {WrapperProps} from '@docusaurus/types';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {reportUrl} from './reportUrl';

type Props = WrapperProps<typeof ErrorPageContentType>;

export default function ErrorPageContentWrapper(props: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const docsRepo = String(siteConfig.customFields?.docsRepo ?? '');
  const page = typeof window === 'undefined' ? '' : window.location.href;
  return (
    <>
      <ErrorPageContent {...props} />
      <div className="container margin-bottom--xl">
        <div className="row">
          <p className="col col--6 col--offset-3">
            If it keeps happening,{' '}
            <a href={reportUrl(docsRepo, page, props.error)} target="_blank" rel="noopener noreferrer">
              report the problem
            </a>{' '}
            with the page address and the message above.
          </p>
        </div>
      </div>
    </>
  );
}
