/**
 * A small module that lives only in the tests (test/sample-module.test.ts): one folder that proves a domain is
 * "one folder and one line". Everything it brings (an entity and its migration, rows, guarded root fields, an event
 * kind, a demo part, path ids) reaches the service through its definition alone.
 */
import { Entity, Property, ref } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Migration } from '@mikro-orm/migrations';
import { IsString, MaxLength } from 'class-validator';
import { Arg, Args, ArgsType, Ctx, Field, ID, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { TenantEntity } from '../../../src/db/tenant.entity';
import type { TenantRoot } from '../../../src/db/tenant-root';
import { TENANT_ENTITY } from '../../../src/db/tenant-root';
import { COMMON, TENANT } from '../../../src/db/migrations/tenant-table-sql';
import { findOr404 } from '../../../src/db/find-or-404';
import { ListArgs, Page, Paginated, SortOrder } from '../../../src/db/pagination';
import { listPage } from '../../../src/db/list-query';
import type { AuthedContext } from '../../../src/graphql/context';
import { Guard } from '../../../src/graphql/guard';
import { isAuthenticated } from '../../../src/graphql/rules';
import { page } from '../../../src/http/route-row';
import type { EventEmitter } from '../../../src/events/event-emitter';
import { defineModule } from '../../../src/modules/module';

@ObjectType('SampleNote')
@Entity({ tableName: 'sample_notes' })
export class SampleNote extends TenantEntity {
  @Field() @Property({ length: 500 }) text: string;
}

export class Migration20991231000000_sample_notes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "sample_notes" (${COMMON}, "text" varchar(500) not null, constraint "sample_notes_pkey" primary key ("id"));`,
    );
    for (const sql of TENANT('sample_notes')) this.addSql(sql);
  }
}

@InputType()
class SampleNoteInput {
  @Field() @IsString() @MaxLength(500) text: string;
}

@ArgsType()
class SampleNoteListArgs extends ListArgs {}

const SampleNotePage = Paginated(SampleNote);

class SampleNoteService {
  constructor(private readonly events: EventEmitter) {}

  list(em: EntityManager, args: SampleNoteListArgs): Promise<Page<SampleNote>> {
    return listPage(em, SampleNote, args, {
      searchFields: ['text'],
      sortable: { createdAt: 'createdAt', text: 'text' },
      defaultSort: { field: 'createdAt', order: SortOrder.asc },
      dateField: 'createdAt',
    });
  }

  async create(em: EntityManager, organizationId: string, input: SampleNoteInput): Promise<SampleNote> {
    return em.transactional(async (tx) => {
      const note = Object.assign(new SampleNote(), { text: input.text });
      note.organization = ref(tx.getReference<TenantRoot>(TENANT_ENTITY, organizationId));
      tx.persist(note);
      this.events.emit(tx, organizationId, 'sample_note.created', { id: note.id, text: note.text });
      return note;
    });
  }
}

type SampleContext = AuthedContext<{ sampleNotes: SampleNoteService }>;

@Resolver(() => SampleNote)
class SampleNoteResolver {
  @Guard(isAuthenticated)
  @Query(() => SampleNotePage)
  sampleNotes(@Args() args: SampleNoteListArgs, @Ctx() ctx: SampleContext): Promise<Page<SampleNote>> {
    return ctx.services.sampleNotes.list(ctx.em, args);
  }

  @Guard(isAuthenticated)
  @Query(() => SampleNote)
  sampleNote(@Arg('id', () => ID) id: string, @Ctx() ctx: SampleContext): Promise<SampleNote> {
    return findOr404(ctx.em, SampleNote, id, 'Sample note');
  }

  @Guard(isAuthenticated)
  @Mutation(() => SampleNote)
  createSampleNote(@Arg('input') input: SampleNoteInput, @Ctx() ctx: SampleContext): Promise<SampleNote> {
    return ctx.services.sampleNotes.create(ctx.em, ctx.principal.organizationId, input);
  }
}

const NOTE = '{ id text createdAt }';

export const sampleModule = defineModule({
  name: 'sample',
  summary: 'Free-text notes (a module that exists only in the tests)',
  entities: [SampleNote],
  resolvers: [SampleNoteResolver],
  routes: [
    {
      method: 'GET',
      path: '/api/sample-notes',
      operation: 'sampleNotes',
      tag: 'Sample',
      summary: 'Notes',
      selection: page(NOTE),
    },
    {
      method: 'GET',
      path: '/api/sample-notes/:id',
      operation: 'sampleNote',
      tag: 'Sample',
      summary: 'A note',
      selection: NOTE,
    },
    {
      method: 'POST',
      path: '/api/sample-notes',
      operation: 'createSampleNote',
      body: 'input',
      status: 201,
      tag: 'Sample',
      summary: 'Writes a note',
      selection: NOTE,
      example: { text: 'Check the hydraulic hoses' },
    },
  ],
  migrations: async () => ({
    migrations: [{ name: 'Migration20991231000000_sample_notes', class: Migration20991231000000_sample_notes }],
  }),
  events: ['sample_note.created'],
  idSegments: { 'sample-notes': 'sample_notes' },
  demo: [
    {
      name: 'sample-notes',
      seed: ({ em, organizationId, id, now }) => {
        const note = Object.assign(new SampleNote(), { text: 'Demo note', id: id('sample-note', 1), createdAt: now });
        note.organization = ref(em.getReference<TenantRoot>(TENANT_ENTITY, organizationId));
        em.persist(note);
      },
    },
  ],
  needs: [],
  services: ({ events }) => ({ sampleNotes: new SampleNoteService(events) }),
});
