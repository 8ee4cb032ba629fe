// Believable New Zealand bank account numbers (BB-bbbb-AAAAAAA-SS) that pass the banks' modulus-11 check
// (algorithm A: account bases below 0990000), so validation in forms and the domain package accepts them.
import type { Random } from './random';

const BANKS: readonly (readonly [bank: string, branchFrom: number, branchTo: number, name: string])[] = [
  ['01', 102, 999, 'ANZ'],
  ['02', 100, 999, 'BNZ'],
  ['03', 1300, 1399, 'Westpac'],
  ['06', 100, 999, 'ANZ'],
  ['12', 3000, 3299, 'ASB'],
  ['38', 9000, 9499, 'Kiwibank'],
];

const WEIGHTS_A = [0, 0, 6, 3, 7, 9, 0, 0, 10, 5, 8, 4, 2, 1];

/** A random account number whose base's last digit is chosen to make the weighted sum divisible by 11. */
export function nzBankAccount(random: Random): { number: string; bank: string } {
  for (;;) {
    const [bank, from, to, name] = random.pick(BANKS);
    const branch = String(random.int(from, to)).padStart(4, '0');
    const head = `0${random.int(10000, 98999)}`; // six digits; the seventh is the check digit
    const partial = `${bank}${branch}0${head}`;
    const sum = [...partial].reduce((total, digit, i) => total + Number(digit) * WEIGHTS_A[i]!, 0);
    const check = (11 - (sum % 11)) % 11;
    if (check === 10) continue;
    const suffix = bank === '12' ? random.pick(['00', '50', '51']) : random.pick(['00', '00', '01', '02']);
    return { number: `${bank}-${branch}-${head}${check}-${suffix}`, bank: name };
  }
}
