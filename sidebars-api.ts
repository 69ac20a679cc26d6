import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/** The GraphQL API reference: the introduction, then worked examples by area. */
const sidebars: SidebarsConfig = {
  api: [
    'introduction',
    {
      type: 'category',
      label: 'Examples',
      link: {type: 'doc', id: 'examples/introduction'},
      items: [
        {
          type: 'category',
          label: 'Planning',
          link: {type: 'doc', id: 'examples/planning/introduction'},
          items: [
            'examples/planning/anchors',
            'examples/planning/collaboration',
            'examples/planning/external-events',
            'examples/planning/snapshots',
          ],
        },
        'examples/simulation',
        'examples/constraints',
        'examples/scheduling',
        'examples/activity-presets',
        'examples/advanced-extensions',
        'examples/tags',
      ],
    },
  ],
};

export default sidebars;
