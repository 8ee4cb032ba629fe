// Kisi places and doors: the organisation's list (admins), linking a place to a gym and each door's
// visit setting (the gym's admins).
import {
  doorAnswer,
  kisiDoorsAnswer,
  kisiPlacesAnswer,
  linkedPlaceAnswer,
} from '@gym/domain/api/access-control';
import { doorUpdateBody, linkPlaceBody } from '@gym/domain/api/access-control-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { idParam } from '../../http/params';
import { presentDoor, presentPlace } from './access-control.presenter';
import { doorParams, placeParams } from './access-control.schemas';
import * as service from './places.service';
import { accessControlErrors, requireCurrentOrganisation } from './route-support';

export const placeRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['access-control'];

    app.get(
      '/api/organisations/:id/access-control/places',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Kisi’s places for the organisation’s key, each marked with the gym linked to it',
          params: idParam,
          response: { 200: kisiPlacesAnswer, ...accessControlErrors },
        },
      },
      async (request) => {
        requireCurrentOrganisation(request, request.params.id);
        return { data: await service.listPlaces(deps, authOf(request)) };
      },
    );

    app.post(
      '/api/gyms/:id/access-control/places',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Link a Kisi place to the gym: stores the place and its doors and answers both',
          params: idParam,
          body: linkPlaceBody,
          response: { 200: linkedPlaceAnswer, ...accessControlErrors },
        },
      },
      async (request) => {
        const linked = await service.linkPlace(
          deps,
          actorOf(request),
          request.params.id,
          request.body.place_id,
        );
        return { data: { place: presentPlace(linked.place), doors: linked.doors.map(presentDoor) } };
      },
    );

    app.get(
      '/api/organisations/:id/access-control/places/:place_id/doors',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Kisi’s doors of a place (by Kisi’s place id), with their visit setting once it is linked',
          params: placeParams,
          response: { 200: kisiDoorsAnswer, ...accessControlErrors },
        },
      },
      async (request) => {
        requireCurrentOrganisation(request, request.params.id);
        return { data: await service.listDoors(deps, authOf(request), request.params.place_id) };
      },
    );

    app.put(
      '/api/organisations/:id/access-control/places/:place_id/doors/:door_id',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Whether unlocks of this door count as visits',
          params: doorParams,
          body: doorUpdateBody,
          response: { 200: doorAnswer, ...accessControlErrors },
        },
      },
      async (request) => {
        requireCurrentOrganisation(request, request.params.id);
        const { place_id, door_id } = request.params;
        const door = await service.setDoorTracksVisits(
          deps,
          actorOf(request),
          place_id,
          door_id,
          request.body.tracks_visits,
        );
        return { data: presentDoor(door) };
      },
    );
  };
