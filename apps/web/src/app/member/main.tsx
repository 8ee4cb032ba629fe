// Entry of the member join site (join.html).
import { startApp } from '../start-app';
import { createMemberRouter, memberRouteNameAt } from './router';

startApp({ host: 'member', createRouter: createMemberRouter, routeNameAt: memberRouteNameAt });
