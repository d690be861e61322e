// The clock rule from a browser in Tokyo, a day ahead of New York (docs/rules.md, Formats).
import { describeTheClockFrom } from './support/clock-across-pages.ts';

describeTheClockFrom('Asia/Tokyo');
