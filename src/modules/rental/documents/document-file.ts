import { Field, Int, ObjectType } from 'type-graphql';

/** A rendered file as GraphQL carries it (base64); the REST file rows send its bytes (src/http/route-row.ts, `file`). */
@ObjectType('DocumentFile')
export class DocumentFile {
  @Field({ description: 'e.g. INV-000042.pdf' }) fileName: string;
  @Field({ description: 'application/pdf, image/png, ...' }) contentType: string;
  @Field(() => Int, { description: 'Bytes of the file' }) size: number;
  @Field({ description: 'The file, base64' }) base64: string;

  static of(fileName: string, contentType: string, data: Buffer): DocumentFile {
    return Object.assign(new DocumentFile(), {
      fileName,
      contentType,
      size: data.length,
      base64: data.toString('base64'),
    });
  }
}
