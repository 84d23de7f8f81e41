import { EventRoutes, RequestRoutes } from '@mc/contracts';
import { plainToInstance, Transform } from 'class-transformer';
import { getMetadataStorage, IsInt, IsString } from 'class-validator';
import { cacheValidationMetadata, dtoTransformer, isPlainDto } from './dto-speed';

type Dto = new () => object;
const dtos = [...new Set<Dto>([...Object.values(RequestRoutes), ...Object.values(EventRoutes)]
  .map((route) => (route as { dto: Dto | null }).dto)
  .filter((dto): dto is Dto => typeof dto === 'function'))];

class Flat {
  @IsString() name: string;
}
class Trimmed {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  name: string;
}
class TrimmedMore extends Trimmed {
  @IsInt() size: number;
}

describe("the payload pipe's speed-ups", () => {
  const storage = getMetadataStorage();
  const original = storage.getTargetValidationMetadatas.bind(storage);
  const lookUp = (dto: Dto) => storage.getTargetValidationMetadatas(dto, '', false, false, undefined);
  const expected = new Map(dtos.map((dto) => [dto, original(dto, '', false, false, undefined)]));
  cacheValidationMetadata();
  cacheValidationMetadata();

  it("finds every bus DTO's rules as class-validator does, from the first call and from the kept answer", () => {
    expect(dtos.length).toBeGreaterThan(100);
    for (const dto of dtos) {
      expect(lookUp(dto)).toEqual(expected.get(dto));
      expect(lookUp(dto)).toEqual(expected.get(dto));
    }
  });

  it('forgets what it kept when a rule is added, and hands out copies', () => {
    class Later {
      @IsString() a: string;
    }
    expect(lookUp(Later).map((m) => m.propertyName)).toEqual(['a']);
    lookUp(Later).pop();
    IsInt()(Later.prototype, 'b');
    expect(lookUp(Later).map((m) => m.propertyName).sort()).toEqual(['a', 'b']);
  });

  it('builds a DTO without class-transformer decorators directly, and any other value with class-transformer', () => {
    expect(isPlainDto(Flat)).toBe(true);
    expect(isPlainDto(Trimmed)).toBe(false);
    expect(isPlainDto(TrimmedMore)).toBe(false);

    const flat = dtoTransformer.plainToInstance(Flat, { name: ' x ', extra: 1 });
    expect(flat).toBeInstanceOf(Flat);
    expect(flat).toEqual(plainToInstance(Flat, { name: ' x ', extra: 1 }));
    const more = dtoTransformer.plainToInstance(TrimmedMore, { name: ' x ', size: 2 });
    expect(more).toBeInstanceOf(TrimmedMore);
    expect(more).toEqual(Object.assign(new TrimmedMore(), { name: 'x', size: 2 }));
    const list = dtoTransformer.plainToInstance(Flat, [{ name: 'a' }]) as Flat[];
    expect(list[0]).toBeInstanceOf(Flat);
    expect(dtoTransformer.plainToInstance(Flat, 'text')).toBe('text');
  });
});
