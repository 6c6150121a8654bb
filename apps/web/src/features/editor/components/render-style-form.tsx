import { Button, ColorPicker, Form, Radio, Slider, Switch } from 'antd';
import { BgColorsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RENDER_LIMITS, type RenderResolution, type RenderStyle } from '@subtrans/contract';

/** the colours offered at a click (any other through the picker) */
export const COLOUR_SWATCHES = [
  ['#ffffff', 'editor.render.colourWhite'],
  ['#ffe14d', 'editor.render.colourYellow'],
  ['#7fe3ff', 'editor.render.colourCyan'],
] as const;

const hex = (v: string) => v.toLowerCase();

/**
 * One choice of a few, as a labelled radio group (the arrow keys move within it): buttons side by
 * side, or radios one under the other (`stacked`). Each option's test id is `{testId}-{value}`.
 */
function Choice<T extends string>(props: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
  testId: string;
  stacked?: boolean;
}) {
  const Option = props.stacked ? Radio : Radio.Button;
  return (
    <Radio.Group
      aria-label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as T)}
      className={props.stacked ? 'render-stacked' : undefined}
    >
      {props.options.map(([value, label]) => (
        <Option key={value} value={value} data-testid={`${props.testId}-${value}`}>
          {label}
        </Option>
      ))}
    </Radio.Group>
  );
}

/**
 * Issue 40 §1: how the lines look in the picture (font, size, colour, background, position, the
 * original above the translation) and the output's resolution. Every control is a labelled antd
 * control that the keyboard reaches: radio groups (arrows), a slider (arrows), a switch, and the
 * colour picker opened by a button.
 */
export function RenderStyleForm(props: {
  style: RenderStyle;
  resolution: RenderResolution;
  onStyle: (patch: Partial<RenderStyle>) => void;
  onResolution: (r: RenderResolution) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { style, onStyle, disabled } = props;
  const colour = hex(style.colour);
  const custom = !COLOUR_SWATCHES.some(([v]) => v === colour);
  return (
    <Form layout="vertical" className="render-form" disabled={disabled} data-testid="render-form">
      <Form.Item label={t('editor.render.font')}>
        <Choice
          label={t('editor.render.font')}
          value={style.font}
          onChange={(font) => onStyle({ font })}
          options={[
            ['sans', t('editor.render.fontSans')],
            ['serif', t('editor.render.fontSerif')],
          ]}
          testId="render-font"
        />
      </Form.Item>
      <Form.Item label={t('editor.render.size', { size: style.size })}>
        <Slider
          min={RENDER_LIMITS.minSize}
          max={RENDER_LIMITS.maxSize}
          step={0.5}
          value={style.size}
          onChange={(size: number) => onStyle({ size })}
          tooltip={{ formatter: (v) => `${v}%` }}
          ariaLabelForHandle={t('editor.render.sizeLabel')}
          ariaValueTextFormatterForHandle={(v) => `${v}%`}
          data-testid="render-size"
        />
      </Form.Item>
      <Form.Item label={t('editor.render.colour')}>
        <div className="render-colours">
          <Radio.Group
            aria-label={t('editor.render.colour')}
            value={custom ? 'custom' : colour}
            onChange={(e) => onStyle({ colour: e.target.value as string })}
          >
            {COLOUR_SWATCHES.map(([value, name]) => (
              <Radio.Button
                key={value}
                value={value}
                aria-label={t(name)}
                title={t(name)}
                data-testid={`render-colour-${value.slice(1)}`}
              >
                <span className="render-swatch" style={{ background: value }} />
              </Radio.Button>
            ))}
          </Radio.Group>
          <ColorPicker
            value={colour}
            disabledAlpha
            format="hex"
            disabled={disabled}
            presets={[{ label: t('editor.render.colour'), colors: COLOUR_SWATCHES.map(([v]) => v) }]}
            onChangeComplete={(c) => onStyle({ colour: hex(c.toHexString()).slice(0, 7) })}
          >
            <Button
              icon={
                custom ? (
                  <span className="render-swatch" style={{ background: colour }} />
                ) : (
                  <BgColorsOutlined />
                )
              }
              type={custom ? 'primary' : 'default'}
              ghost={custom}
              data-testid="render-colour-custom"
            >
              {custom ? colour : t('editor.render.colourCustom')}
            </Button>
          </ColorPicker>
        </div>
      </Form.Item>
      <Form.Item label={t('editor.render.background')}>
        <Choice
          label={t('editor.render.background')}
          value={style.background}
          onChange={(background) => onStyle({ background })}
          options={[
            ['outline', t('editor.render.backgroundOutline')],
            ['box', t('editor.render.backgroundBox')],
          ]}
          testId="render-background"
        />
      </Form.Item>
      <Form.Item label={t('editor.render.position')}>
        <Choice
          label={t('editor.render.position')}
          value={style.position}
          onChange={(position) => onStyle({ position })}
          options={[
            ['bottom', t('editor.render.positionBottom')],
            ['top', t('editor.render.positionTop')],
          ]}
          testId="render-position"
        />
      </Form.Item>
      <Form.Item
        label={t('editor.render.bilingual')}
        htmlFor="render-bilingual"
        extra={t('editor.render.bilingualHint')}
      >
        <Switch
          id="render-bilingual"
          checked={style.bilingual}
          onChange={(bilingual) => onStyle({ bilingual })}
          data-testid="render-bilingual"
        />
      </Form.Item>
      <Form.Item label={t('editor.render.resolution')} style={{ marginBottom: 0 }}>
        <Choice
          label={t('editor.render.resolution')}
          value={props.resolution}
          onChange={props.onResolution}
          options={[
            ['source', t('editor.render.resolutionSource')],
            ['720p', t('editor.render.resolution720')],
          ]}
          testId="render-resolution"
          stacked
        />
      </Form.Item>
    </Form>
  );
}
