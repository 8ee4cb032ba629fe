// dayjs for Mantine's date inputs: en-NZ words and Pacific/Auckland as the zone every date is shown in.
// Business rules on dates live in @gym/domain; this only sets up the pickers.
import dayjs from 'dayjs';
import 'dayjs/locale/en-nz';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

export const DAYJS_LOCALE = 'en-nz';
const TIME_ZONE = 'Pacific/Auckland';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale(DAYJS_LOCALE);
dayjs.tz.setDefault(TIME_ZONE);

export { dayjs };
