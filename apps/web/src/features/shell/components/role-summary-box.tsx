import type { Me } from '@/lib/session/me';
import { roleSummary } from '../lib/role-summary';
import classes from './role-summary-box.module.css';

/** The footer box: which admin roles the user holds here, and whether the organisation has several gyms. */
export function RoleSummaryBox({ user }: { user: Me }) {
  return (
    <dl className={classes.box}>
      {roleSummary(user).map(({ label, value }) => (
        <div key={label} className={classes.row}>
          <dt>{label}:</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
