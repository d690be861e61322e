import { createHashRouter, Navigate } from 'react-router-dom';
import { DashboardPage } from './routes/dashboard';
import { SessionGate } from './session-gate';

// Spec §2: routes live after the '#'. Signed out, every path shows sign-in (the gate renders it
// in place of the children); signed in, '/' and unknown paths go to the dashboard.
export const router = createHashRouter([
  {
    path: '/',
    element: <SessionGate />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'dashboard', element: <DashboardPage /> },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
]);
