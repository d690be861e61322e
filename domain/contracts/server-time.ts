/**
 * The response header every API answer carries: the server's clock (an ISO instant), by which the web app chooses
 * the current week, the bonus days and what has kicked off, whatever the device's clock says.
 */
export const serverTimeHeader = 'x-server-time';
