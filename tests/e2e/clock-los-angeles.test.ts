// The clock rule from a browser in Los Angeles, three hours behind New York (docs/rules.md, Formats).
import { describeTheClockFrom } from './support/clock-across-pages.ts';

describeTheClockFrom('America/Los_Angeles');
