// Entry of the staff back office (index.html).
import { startApp } from '../start-app';
import { createStaffRouter, staffRouteNameAt } from './router';

startApp({ host: 'staff', createRouter: createStaffRouter, routeNameAt: staffRouteNameAt });
