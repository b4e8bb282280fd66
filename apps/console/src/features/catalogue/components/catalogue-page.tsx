import { Stack, Tabs, Text, Title } from '@mantine/core';
import { ListState } from '@portal/web-kit/list-state';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { catalogueTreeQuery } from '../api';
import { CATALOGUE_TABS, useCatalogueSearch, type CatalogueTab } from '../utils/search-params';
import { AgreementsSection } from './agreements-section';
import { CoursesSection } from './courses-section';
import { LevelGroupsSection } from './level-groups-section';
import { LevelsSection } from './levels-section';
import { SubjectsSection } from './subjects-section';
import { TopicsSection } from './topics-section';

/**
 * `/catalogue` (`schedule.manage`): subjects → level groups → levels → topics, the courses with
 * their weekly times, and the agreements, one tab each; the tab and filters live in the URL.
 */
export function CataloguePage() {
  const { t } = useTranslation('catalogue');
  useDocumentTitle(t('title'));
  const tree = useQuery(catalogueTreeQuery());
  const { query: search, update } = useCatalogueSearch();

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text size="sm" c="gray.7">
          {t('intro')}
        </Text>
      </Stack>
      <Tabs
        value={search.tab}
        onChange={(tab) => update({ tab: (tab as CatalogueTab | null) ?? undefined })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {CATALOGUE_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {search.tab === 'agreements' ? (
          <Tabs.Panel value="agreements">
            <AgreementsSection />
          </Tabs.Panel>
        ) : (
          <ListState query={tree}>
            {(data) => {
              // The groups, levels and topics always show one subject: the URL's, or the first.
              const subjectId = data.subjects.some((subject) => subject.id === search.subject)
                ? search.subject
                : data.subjects[0]?.id;
              const onSubject = (id: number | undefined) =>
                update({ subject: id, level: undefined });
              return (
                <>
                  <Tabs.Panel value="subjects">
                    <SubjectsSection tree={data} />
                  </Tabs.Panel>
                  <Tabs.Panel value="levelGroups">
                    <LevelGroupsSection tree={data} subjectId={subjectId} onSubject={onSubject} />
                  </Tabs.Panel>
                  <Tabs.Panel value="levels">
                    <LevelsSection tree={data} subjectId={subjectId} onSubject={onSubject} />
                  </Tabs.Panel>
                  <Tabs.Panel value="topics">
                    <TopicsSection
                      tree={data}
                      subjectId={subjectId}
                      levelId={search.level}
                      onSubject={onSubject}
                      onLevel={(id) => update({ level: id })}
                    />
                  </Tabs.Panel>
                  <Tabs.Panel value="courses">
                    <CoursesSection tree={data} search={search} onSearch={update} />
                  </Tabs.Panel>
                </>
              );
            }}
          </ListState>
        )}
      </Tabs>
    </Stack>
  );
}
