import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/**
 * The guide sidebar is written by hand: its order tells the story from
 * "what is Orrery" to "run it in production". Five categories have generated
 * index pages at /category/<name>/.
 */
const sidebars: SidebarsConfig = {
  docs: [
    'introduction',
    {
      type: 'category',
      label: 'Overview',
      link: {
        type: 'generated-index',
        slug: '/category/overview',
        title: 'Overview',
        description: 'How a mission team uses Orrery, how the suite is built, and the decisions behind its design.',
      },
      items: [
        'overview/concept-of-operations',
        {
          type: 'category',
          label: 'Design',
          items: [
            'overview/design/arch-design-overview',
            'overview/design/software-design-document',
            {
              type: 'category',
              label: 'Architecture decision records',
              link: {
                type: 'generated-index',
                slug: '/category/adrs',
                title: 'Architecture decision records',
                description:
                  'Every significant design decision in Orrery, with its context, the choice made and its consequences.',
              },
              items: [
                'overview/design/arch-decision-records/index',
                'overview/design/arch-decision-records/0000-record-architecture-decisions',
                'overview/design/arch-decision-records/0001-graphql-api-through-hasura',
                'overview/design/arch-decision-records/0002-postgresql-as-the-single-store',
                'overview/design/arch-decision-records/0003-java-modeling-interface',
                'overview/design/arch-decision-records/0004-typescript-edsl-for-constraints-and-goals',
                'overview/design/arch-decision-records/0005-jwt-sessions-issued-by-the-gateway',
                'overview/design/arch-decision-records/0006-seqjson-as-the-sequence-interchange-format',
                'overview/design/arch-decision-records/0100-procedural-scheduling-on-the-jvm',
                'overview/design/arch-decision-records/0101-a-timelines-library-for-procedures',
                'overview/design/arch-decision-records/template',
              ],
            },
          ],
        },
      ],
    },
    {
      type: 'category',
      label: 'Tutorials',
      link: {
        type: 'generated-index',
        slug: '/category/tutorials',
        title: 'Tutorials',
        description:
          'Step-by-step lessons: build a small spacecraft mission model, then bring external events into a plan.',
      },
      items: [
        {
          type: 'category',
          label: 'Mission modeling',
          items: [
            'tutorials/mission-modeling/introduction',
            'tutorials/mission-modeling/first-build',
            'tutorials/mission-modeling/first-resource',
            'tutorials/mission-modeling/first-activity',
            'tutorials/mission-modeling/first-model-test',
            'tutorials/mission-modeling/enum-derived-resource',
            'tutorials/mission-modeling/current-value',
            'tutorials/mission-modeling/second-look',
            'tutorials/mission-modeling/integrating-rate',
            'tutorials/mission-modeling/integration-comparison',
            'tutorials/mission-modeling/simulation-config',
          ],
        },
        {
          type: 'category',
          label: 'External events',
          items: [
            'tutorials/external-events/introduction',
            'tutorials/external-events/creating-an-external-source',
            'tutorials/external-events/uploading-an-external-source',
            'tutorials/external-events/associating-derivation-groups',
          ],
        },
      ],
    },
    {
      type: 'category',
      label: 'Mission modeling',
      items: [
        'mission-modeling/introduction',
        {
          type: 'category',
          label: 'Activity types',
          items: [
            'mission-modeling/activity-types/introduction',
            'mission-modeling/activity-types/parameters',
            'mission-modeling/activity-types/effect-model',
            'mission-modeling/activity-types/durations',
          ],
        },
        'mission-modeling/resources-and-models',
        'mission-modeling/configuration',
        'mission-modeling/parameters',
        'mission-modeling/activity-mappers',
        'mission-modeling/value-schemas',
        'mission-modeling/advanced-incons',
        'mission-modeling/advanced-the-modeling-interface',
      ],
    },
    {
      type: 'category',
      label: 'Planning',
      link: {
        type: 'generated-index',
        slug: '/category/planning',
        title: 'Planning',
        description: 'Build, simulate, share and merge plans in the Orrery web UI, and bring in data from outside.',
      },
      items: [
        'planning/upload-mission-model',
        'planning/create-plan-and-simulate',
        'planning/timeline-controls',
        'planning/timeline-editing',
        'planning/ui-views',
        'planning/activity-directive-metadata',
        'planning/anchors',
        'planning/snapshots',
        {
          type: 'category',
          label: 'Collaboration',
          items: ['planning/collaboration/introduction', 'planning/collaboration/merging-plans'],
        },
        'planning/plan-import-export',
        'planning/external-datasets',
        'planning/external-events',
        'planning/advanced-extensions',
        'planning/advanced-incons',
        {
          type: 'category',
          label: 'Plugins',
          items: ['planning/plugins/introduction', 'planning/plugins/time'],
        },
      ],
    },
    {
      type: 'category',
      label: 'Scheduling and constraints',
      items: [
        'scheduling-and-constraints/introduction',
        'scheduling-and-constraints/management',
        'scheduling-and-constraints/execution',
        {
          type: 'category',
          label: 'Declarative',
          items: [
            'scheduling-and-constraints/declarative/introduction',
            {
              type: 'category',
              label: 'Constraints',
              items: [
                'scheduling-and-constraints/declarative/constraints/introduction',
                'scheduling-and-constraints/declarative/constraints/concepts',
                'scheduling-and-constraints/declarative/constraints/examples',
              ],
            },
            {
              type: 'category',
              label: 'Scheduling',
              items: [
                'scheduling-and-constraints/declarative/scheduling/introduction',
                'scheduling-and-constraints/declarative/scheduling/goals',
                'scheduling-and-constraints/declarative/scheduling/global-conditions',
                'scheduling-and-constraints/declarative/scheduling/modelling-temporal-relations',
                'scheduling-and-constraints/declarative/scheduling/temporal-subset',
              ],
            },
          ],
        },
        {
          type: 'category',
          label: 'Procedural',
          items: [
            'scheduling-and-constraints/procedural/introduction',
            'scheduling-and-constraints/procedural/getting-started',
            'scheduling-and-constraints/procedural/parameters-and-invocations',
            'scheduling-and-constraints/procedural/plan-and-sim-results',
            'scheduling-and-constraints/procedural/running-externally',
            'scheduling-and-constraints/procedural/constraints',
            'scheduling-and-constraints/procedural/scheduling',
            {
              type: 'category',
              label: 'Timelines',
              items: [
                'scheduling-and-constraints/procedural/timelines/introduction',
                {
                  type: 'category',
                  label: 'Basics',
                  items: [
                    'scheduling-and-constraints/procedural/timelines/basics/introduction',
                    'scheduling-and-constraints/procedural/timelines/basics/windows',
                    'scheduling-and-constraints/procedural/timelines/basics/profiles',
                    'scheduling-and-constraints/procedural/timelines/basics/activities',
                    'scheduling-and-constraints/procedural/timelines/basics/common-operations',
                    'scheduling-and-constraints/procedural/timelines/basics/sampling-and-caching',
                  ],
                },
                {
                  type: 'category',
                  label: 'Advanced',
                  items: [
                    'scheduling-and-constraints/procedural/timelines/advanced/introduction',
                    'scheduling-and-constraints/procedural/timelines/advanced/custom-operations',
                    'scheduling-and-constraints/procedural/timelines/advanced/custom-timelines',
                    'scheduling-and-constraints/procedural/timelines/advanced/parallel-profiles',
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      type: 'category',
      label: 'Command expansion',
      items: [
        'command-expansion/introduction',
        'command-expansion/upload-command-dictionary',
        'command-expansion/expansion-rules',
        'command-expansion/expansion-sets',
        'command-expansion/run-expansion',
        'command-expansion/sequences',
        {
          type: 'category',
          label: 'Template expansion',
          items: [
            'command-expansion/template-expansion/introduction',
            'command-expansion/template-expansion/authoring-templates',
            'command-expansion/template-expansion/expanding-templates',
          ],
        },
      ],
    },
    {
      type: 'category',
      label: 'Sequencing',
      link: {
        type: 'generated-index',
        slug: '/category/sequencing',
        title: 'Sequencing',
        description:
          'Write and check command sequences in the sequence editor, adapt it to your mission, and automate work with sequence actions.',
      },
      items: ['sequencing/editor', 'sequencing/adaptation', 'sequencing/actions'],
    },
    {
      type: 'category',
      label: 'Deployment',
      items: [
        'deployment/introduction',
        'deployment/production-deployment',
        'deployment/upgrade-process',
        'deployment/advanced-ui-custom-base-path',
        'deployment/advanced-kubernetes',
        'deployment/advanced-database-migrations',
        'deployment/advanced-database-migrations-old',
        'deployment/advanced-authentication',
        'deployment/advanced-permissions',
        'deployment/advanced-reverse-proxy',
        'deployment/advanced-sso',
        'deployment/monitoring',
      ],
    },
    'java-docs/introduction',
    'keyboard-shortcuts',
    'glossary',
  ],
};

export default sidebars;
