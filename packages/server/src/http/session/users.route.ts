import type { FastifyInstance } from 'fastify';
import { createUser, detailsOf, findUser, updateUser } from '../../domain/users/user.service.js';
import {
  CreateUserRequest,
  GetUserDetailsRequest,
  GetUserDetailsResponse,
  UpdateUserRequest,
  UserIdResponse,
} from '../../schemas/session/users.schema.js';
import { registerCatalogueMethod } from './catalogue.js';

/** createUser, updateUser, getUserDetails (docs/session-methods.md): a user of the caller's site. */
export function registerUsers(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  registerCatalogueMethod(app, {
    name: 'createUser',
    summary: 'Create a user',
    description:
      "Registers userTokenId as a user of the caller's site with its details; answers userId. A userTokenId the site has already is errCode 1010.",
    body: CreateUserRequest,
    response: UserIdResponse,
    async handle(ctx, body) {
      const user = await createUser(deps(), ctx, body.userTokenId, detailsOf(body));
      return { userId: user.id };
    },
  });
  registerCatalogueMethod(app, {
    name: 'updateUser',
    summary: 'Update a user',
    description:
      "Replaces the details it sends of a user of the caller's site; answers userId. An unknown userTokenId is errCode 1010.",
    body: UpdateUserRequest,
    response: UserIdResponse,
    async handle(ctx, body) {
      const user = await updateUser(deps(), ctx, body.userTokenId, detailsOf(body));
      return { userId: user.id };
    },
  });
  registerCatalogueMethod(app, {
    name: 'getUserDetails',
    summary: "Get a user's details",
    description:
      "Answers userDetails as createUser or updateUser last set them. A userTokenId that is not a user of the caller's site is errCode 1010.",
    body: GetUserDetailsRequest,
    response: GetUserDetailsResponse,
    async handle(ctx, body) {
      const user = await findUser(deps(), ctx, body.userTokenId);
      return { userId: user.id, userDetails: { ...user.details } };
    },
  });
}
