// "Your settings" on an organisation admin's own staff page: the weekly digest email on or off.
import { Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSetWeeklyDigest, useWeeklyDigest } from '../api/weekly-digest';

export function WeeklyDigestSetting({ organisationId }: { organisationId: number }) {
  const setting = useWeeklyDigest(organisationId);
  const change = useSetWeeklyDigest(organisationId);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="own-settings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="own-settings-title">
          Your settings
        </Title>
        {setting.data ? (
          <Switch
            label="Weekly digest email"
            description="Every Monday at 7 am: the week's joins, cancellations, money collected, who owes and who is at risk, with links to the reports."
            checked={setting.data.weekly_digest}
            disabled={change.isPending}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              change.mutate(
                { weekly_digest: on },
                {
                  onSuccess: () =>
                    notifySuccess(
                      on
                        ? 'The weekly digest will come to you on Mondays.'
                        : 'You will not get the weekly digest.',
                      on ? 'Weekly digest on' : 'Weekly digest off',
                    ),
                  onError: (error) => notifyError(error, 'Could not change the weekly digest'),
                },
              );
            }}
          />
        ) : setting.isError ? (
          <Text size="sm" c="red" role="alert">
            Could not load your settings.
          </Text>
        ) : (
          <Skeleton height={40} />
        )}
      </Stack>
    </Paper>
  );
}
